// The syntax a fused function's expressions are rewritten into: small builders of the body
// language's nodes (names, casts, operators, calls, literals) for FuseLowering.cpp, which turns
// NumPy-typed expressions into an elementwise body whose explicit casts give NumPy's results.
// Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/basic/ScalarType.h"

#include <string>
#include <vector>

namespace gpucc::sema {

/// The reduced value (the reduction kind's `a`) as a fused reduction's post-operations name it: a
/// name no source can spell, so that a parameter named `a` read after the reduction (CuPy issue
/// 9008's `sum(a, axis=1) > b`) does not hide it. The BodyChecker reads it in post only.
inline constexpr const char* kFusedReducedValue = "(reduced)";
/// Component `k` of a tuple reduce type (several reductions in one pass): kFusedReducedValue for
/// the first, "(reduced)1", "(reduced)2", ... for the others.
/// In the combine of one component of a tuple reduce type, `a` or `b` (operand 0 or 1) of
/// another component: "(a)1", "(b)2", ... (argmin/argmax's value and index combine together).
inline std::string fused_reduce_operand(int operand, int component) {
    return std::string(operand == 0 ? "(a)" : "(b)") + std::to_string(component);
}
inline std::string fused_reduced_value(int component) {
    return component == 0 ? std::string(kFusedReducedValue)
                          : std::string(kFusedReducedValue) + std::to_string(component);
}

ast::TypeName type_name(ScalarType type, SourceLocation loc);
ast::ExprPtr make_name(const std::string& name, SourceLocation loc);
ast::ExprPtr make_cast(ast::ExprPtr operand, ScalarType type, SourceLocation loc);
ast::ExprPtr make_binary(ast::BinaryOp op, ast::ExprPtr lhs, ast::ExprPtr rhs, SourceLocation loc);
ast::ExprPtr make_call(const std::string& name, std::vector<ast::ExprPtr> args, SourceLocation loc);
ast::ExprPtr make_conditional(ast::ExprPtr condition, ast::ExprPtr if_true, ast::ExprPtr if_false,
                              SourceLocation loc);
ast::ExprPtr make_float(double value, SourceLocation loc);
ast::ExprPtr make_bool(bool value, SourceLocation loc);

} // namespace gpucc::sema
