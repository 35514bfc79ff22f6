// FuseClone.h: the copy, one case per expression kind.
#include "compiler/sema/FuseClone.h"

namespace gpucc::sema {

ast::ExprPtr clone_replacing(const ast::Expr& expr,
                             const std::map<const ast::Expr*, std::string>& replaced) {
    if (auto found = replaced.find(&expr); found != replaced.end()) {
        return std::make_unique<ast::NameExpr>(found->second, expr.loc);
    }
    auto copy = [&](const ast::ExprPtr& child) -> ast::ExprPtr {
        return child ? clone_replacing(*child, replaced) : nullptr;
    };
    switch (expr.kind) {
    case ast::ExprKind::IntegerLiteral: {
        const auto& literal = static_cast<const ast::IntegerLiteralExpr&>(expr);
        auto result = std::make_unique<ast::IntegerLiteralExpr>(literal.loc);
        result->spelling = literal.spelling;
        result->value = literal.value;
        result->is_decimal = literal.is_decimal;
        result->has_unsigned_suffix = literal.has_unsigned_suffix;
        result->long_suffix_count = literal.long_suffix_count;
        return result;
    }
    case ast::ExprKind::FloatLiteral: {
        const auto& literal = static_cast<const ast::FloatLiteralExpr&>(expr);
        auto result = std::make_unique<ast::FloatLiteralExpr>(literal.loc);
        result->spelling = literal.spelling;
        result->value = literal.value;
        result->has_float_suffix = literal.has_float_suffix;
        return result;
    }
    case ast::ExprKind::BoolLiteral: {
        const auto& literal = static_cast<const ast::BoolLiteralExpr&>(expr);
        return std::make_unique<ast::BoolLiteralExpr>(literal.value, literal.loc);
    }
    case ast::ExprKind::Name: {
        const auto& name = static_cast<const ast::NameExpr&>(expr);
        return std::make_unique<ast::NameExpr>(name.name, name.loc);
    }
    case ast::ExprKind::Index: {
        const auto& index = static_cast<const ast::IndexExpr&>(expr);
        std::vector<ast::ExprPtr> indices;
        for (const ast::ExprPtr& each : index.indices) {
            indices.push_back(copy(each));
        }
        return std::make_unique<ast::IndexExpr>(copy(index.base), std::move(indices), index.loc);
    }
    case ast::ExprKind::Call: {
        const auto& call = static_cast<const ast::CallExpr&>(expr);
        std::vector<ast::ExprPtr> args;
        for (const ast::ExprPtr& arg : call.args) {
            args.push_back(copy(arg));
        }
        return std::make_unique<ast::CallExpr>(copy(call.callee), std::move(args), call.loc);
    }
    case ast::ExprKind::Member: {
        const auto& member = static_cast<const ast::MemberExpr&>(expr);
        return std::make_unique<ast::MemberExpr>(copy(member.object), member.member, member.loc);
    }
    case ast::ExprKind::Unary: {
        const auto& unary = static_cast<const ast::UnaryExpr&>(expr);
        return std::make_unique<ast::UnaryExpr>(unary.op, copy(unary.operand), unary.loc);
    }
    case ast::ExprKind::Binary: {
        const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
        return std::make_unique<ast::BinaryExpr>(binary.op, copy(binary.lhs), copy(binary.rhs),
                                                 binary.loc);
    }
    case ast::ExprKind::Assign: {
        const auto& assign = static_cast<const ast::AssignExpr&>(expr);
        return std::make_unique<ast::AssignExpr>(assign.compound_op, copy(assign.target),
                                                 copy(assign.value), assign.loc);
    }
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        return std::make_unique<ast::ConditionalExpr>(copy(conditional.condition),
                                                      copy(conditional.if_true),
                                                      copy(conditional.if_false), conditional.loc);
    }
    case ast::ExprKind::Cast: {
        const auto& cast = static_cast<const ast::CastExpr&>(expr);
        return std::make_unique<ast::CastExpr>(cast.type, copy(cast.operand), cast.functional,
                                               cast.loc);
    }
    }
    return nullptr;
}

ast::StmtPtr clone_statement(const ast::Stmt& stmt) {
    static const std::map<const ast::Expr*, std::string> kNothing;
    auto expr = [&](const ast::ExprPtr& child) -> ast::ExprPtr {
        return child ? clone_replacing(*child, kNothing) : nullptr;
    };
    auto statement = [&](const ast::StmtPtr& child) -> ast::StmtPtr {
        return child ? clone_statement(*child) : nullptr;
    };
    switch (stmt.kind) {
    case ast::StmtKind::Block: {
        auto result = std::make_unique<ast::BlockStmt>(stmt.loc);
        for (const ast::StmtPtr& each : static_cast<const ast::BlockStmt&>(stmt).statements) {
            result->statements.push_back(statement(each));
        }
        return result;
    }
    case ast::StmtKind::Decl: {
        const auto& decl = static_cast<const ast::DeclStmt&>(stmt);
        auto result = std::make_unique<ast::DeclStmt>(decl.loc);
        result->is_const = decl.is_const;
        result->type = decl.type;
        for (const ast::Declarator& declarator : decl.declarators) {
            result->declarators.push_back(
                ast::Declarator{declarator.name, declarator.loc, expr(declarator.init)});
        }
        return result;
    }
    case ast::StmtKind::Expr:
        return std::make_unique<ast::ExprStmt>(expr(static_cast<const ast::ExprStmt&>(stmt).expr),
                                               stmt.loc);
    case ast::StmtKind::If: {
        const auto& branch = static_cast<const ast::IfStmt&>(stmt);
        auto result = std::make_unique<ast::IfStmt>(branch.loc);
        result->condition = expr(branch.condition);
        result->then_branch = statement(branch.then_branch);
        result->else_branch = statement(branch.else_branch);
        return result;
    }
    case ast::StmtKind::For: {
        const auto& loop = static_cast<const ast::ForStmt&>(stmt);
        auto result = std::make_unique<ast::ForStmt>(loop.loc);
        result->unroll = loop.unroll;
        result->init = statement(loop.init);
        result->condition = expr(loop.condition);
        result->step = expr(loop.step);
        result->body = statement(loop.body);
        return result;
    }
    case ast::StmtKind::While: {
        const auto& loop = static_cast<const ast::WhileStmt&>(stmt);
        auto result = std::make_unique<ast::WhileStmt>(loop.loc);
        result->unroll = loop.unroll;
        result->condition = expr(loop.condition);
        result->body = statement(loop.body);
        return result;
    }
    case ast::StmtKind::DoWhile: {
        const auto& loop = static_cast<const ast::DoWhileStmt&>(stmt);
        auto result = std::make_unique<ast::DoWhileStmt>(loop.loc);
        result->unroll = loop.unroll;
        result->body = statement(loop.body);
        result->condition = expr(loop.condition);
        return result;
    }
    case ast::StmtKind::Break:
        return std::make_unique<ast::BreakStmt>(stmt.loc);
    case ast::StmtKind::Continue:
        return std::make_unique<ast::ContinueStmt>(stmt.loc);
    case ast::StmtKind::Empty:
        return std::make_unique<ast::EmptyStmt>(stmt.loc);
    case ast::StmtKind::SharedDecl: {
        const auto& shared = static_cast<const ast::SharedDeclStmt&>(stmt);
        auto result = std::make_unique<ast::SharedDeclStmt>(shared.loc);
        result->type = shared.type;
        result->name = shared.name;
        result->name_loc = shared.name_loc;
        result->size = expr(shared.size);
        return result;
    }
    case ast::StmtKind::Return:
        return std::make_unique<ast::ReturnStmt>(stmt.loc);
    }
    return nullptr;
}

} // namespace gpucc::sema
