// Builders of the body language's syntax for the lowering of fused functions (FuseSyntax.h).
#include "compiler/sema/FuseSyntax.h"

#include <cmath>

namespace gpucc::sema {

ast::TypeName type_name(ScalarType type, SourceLocation loc) {
    return ast::TypeName{std::string(numpy_name(type)), loc, 0};
}

ast::ExprPtr make_name(const std::string& name, SourceLocation loc) {
    return std::make_unique<ast::NameExpr>(name, loc);
}

ast::ExprPtr make_cast(ast::ExprPtr operand, ScalarType type, SourceLocation loc) {
    return std::make_unique<ast::CastExpr>(type_name(type, loc), std::move(operand), true, loc);
}

ast::ExprPtr make_binary(ast::BinaryOp op, ast::ExprPtr lhs, ast::ExprPtr rhs, SourceLocation loc) {
    return std::make_unique<ast::BinaryExpr>(op, std::move(lhs), std::move(rhs), loc);
}

ast::ExprPtr make_call(const std::string& name, std::vector<ast::ExprPtr> args,
                       SourceLocation loc) {
    return std::make_unique<ast::CallExpr>(make_name(name, loc), std::move(args), loc);
}

ast::ExprPtr make_conditional(ast::ExprPtr condition, ast::ExprPtr if_true, ast::ExprPtr if_false,
                              SourceLocation loc) {
    return std::make_unique<ast::ConditionalExpr>(std::move(condition), std::move(if_true),
                                                  std::move(if_false), loc);
}

ast::ExprPtr make_float(double value, SourceLocation loc) {
    auto literal = std::make_unique<ast::FloatLiteralExpr>(loc);
    literal->value = value;
    literal->spelling = std::isnan(value) ? "nan" : std::isinf(value) ? "inf" : "";
    return literal;
}

ast::ExprPtr make_bool(bool value, SourceLocation loc) {
    return std::make_unique<ast::BoolLiteralExpr>(value, loc);
}

} // namespace gpucc::sema
