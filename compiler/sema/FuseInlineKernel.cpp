// The copy of an elementwise kernel's body for a fused function that calls it (FuseInlineKernel.h).
#include "compiler/sema/FuseInlineKernel.h"

namespace gpucc::sema {
namespace {

class BodyCopier {
public:
    BodyCopier(const KernelInlining& inlining, InlineObstacle& obstacle)
        : inlining_(inlining), obstacle_(obstacle) {}

    bool copy_block(const ast::BlockStmt& body, std::vector<ast::StmtPtr>& out) {
        scopes_.emplace_back();
        for (const ast::StmtPtr& statement : body.statements) {
            out.push_back(copy_stmt(*statement));
        }
        scopes_.pop_back();
        return !failed_;
    }

private:
    void fail(SourceLocation loc, std::uint32_t length, std::string what) {
        if (!failed_) {
            obstacle_ = InlineObstacle{loc, length, std::move(what)};
        }
        failed_ = true;
    }

    ast::TypeName copy_type(const ast::TypeName& type) const {
        ast::TypeName copy = type;
        if (auto bound = inlining_.bound_types.find(type.spelling);
            bound != inlining_.bound_types.end()) {
            copy.spelling = std::string(numpy_name(bound->second));
        }
        return copy;
    }

    /// The fused body's name for a name read in the kernel's body.
    std::string rename(const std::string& name, SourceLocation loc) {
        for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
            if (auto local = scope->find(name); local != scope->end()) {
                return local->second;
            }
        }
        if (auto param = inlining_.renamed_params.find(name);
            param != inlining_.renamed_params.end()) {
            return param->second;
        }
        if (name == "i" || name == "_ind") {
            fail(loc, static_cast<std::uint32_t>(name.size()), "'" + name + "'");
        }
        return name; // a constant or function the body checker knows
    }

    ast::ExprPtr copy_expr(const ast::Expr& expr) {
        switch (expr.kind) {
        case ast::ExprKind::IntegerLiteral: {
            const auto& literal = static_cast<const ast::IntegerLiteralExpr&>(expr);
            auto copy = std::make_unique<ast::IntegerLiteralExpr>(literal.loc);
            copy->spelling = literal.spelling;
            copy->value = literal.value;
            copy->is_decimal = literal.is_decimal;
            copy->has_unsigned_suffix = literal.has_unsigned_suffix;
            copy->long_suffix_count = literal.long_suffix_count;
            return copy;
        }
        case ast::ExprKind::FloatLiteral: {
            const auto& literal = static_cast<const ast::FloatLiteralExpr&>(expr);
            auto copy = std::make_unique<ast::FloatLiteralExpr>(literal.loc);
            copy->spelling = literal.spelling;
            copy->value = literal.value;
            copy->has_float_suffix = literal.has_float_suffix;
            return copy;
        }
        case ast::ExprKind::BoolLiteral: {
            const auto& literal = static_cast<const ast::BoolLiteralExpr&>(expr);
            return std::make_unique<ast::BoolLiteralExpr>(literal.value, literal.loc);
        }
        case ast::ExprKind::Name: {
            const auto& name = static_cast<const ast::NameExpr&>(expr);
            return std::make_unique<ast::NameExpr>(rename(name.name, name.loc), name.loc);
        }
        case ast::ExprKind::Index: {
            const auto& index = static_cast<const ast::IndexExpr&>(expr);
            std::vector<ast::ExprPtr> indices;
            for (const ast::ExprPtr& subscript : index.indices) {
                indices.push_back(copy_expr(*subscript));
            }
            return std::make_unique<ast::IndexExpr>(copy_expr(*index.base), std::move(indices),
                                                    index.loc);
        }
        case ast::ExprKind::Call: {
            const auto& call = static_cast<const ast::CallExpr&>(expr);
            std::vector<ast::ExprPtr> args;
            for (const ast::ExprPtr& arg : call.args) {
                args.push_back(copy_expr(*arg));
            }
            // A called name is a function's (the body cannot call its locals): kept as written.
            ast::ExprPtr callee =
                call.callee->kind == ast::ExprKind::Name
                    ? std::make_unique<ast::NameExpr>(
                          static_cast<const ast::NameExpr&>(*call.callee).name, call.callee->loc)
                    : copy_expr(*call.callee);
            return std::make_unique<ast::CallExpr>(std::move(callee), std::move(args), call.loc);
        }
        case ast::ExprKind::Member: {
            const auto& member = static_cast<const ast::MemberExpr&>(expr);
            return std::make_unique<ast::MemberExpr>(copy_expr(*member.object), member.member,
                                                     member.loc);
        }
        case ast::ExprKind::Unary: {
            const auto& unary = static_cast<const ast::UnaryExpr&>(expr);
            return std::make_unique<ast::UnaryExpr>(unary.op, copy_expr(*unary.operand), unary.loc);
        }
        case ast::ExprKind::Binary: {
            const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
            return std::make_unique<ast::BinaryExpr>(binary.op, copy_expr(*binary.lhs),
                                                     copy_expr(*binary.rhs), binary.loc);
        }
        case ast::ExprKind::Assign: {
            const auto& assign = static_cast<const ast::AssignExpr&>(expr);
            return std::make_unique<ast::AssignExpr>(assign.compound_op, copy_expr(*assign.target),
                                                     copy_expr(*assign.value), assign.loc);
        }
        case ast::ExprKind::Conditional: {
            const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
            return std::make_unique<ast::ConditionalExpr>(
                copy_expr(*conditional.condition), copy_expr(*conditional.if_true),
                copy_expr(*conditional.if_false), conditional.loc);
        }
        case ast::ExprKind::Cast: {
            const auto& cast = static_cast<const ast::CastExpr&>(expr);
            return std::make_unique<ast::CastExpr>(copy_type(cast.type), copy_expr(*cast.operand),
                                                   cast.functional, cast.loc);
        }
        }
        return nullptr;
    }

    ast::ExprPtr copy_optional(const ast::ExprPtr& expr) {
        return expr ? copy_expr(*expr) : nullptr;
    }

    ast::StmtPtr copy_optional(const ast::StmtPtr& statement) {
        return statement ? copy_stmt(*statement) : nullptr;
    }

    /// A loop's body: `continue` is then the loop's.
    ast::StmtPtr copy_loop_body(const ast::Stmt& body) {
        ++loop_depth_;
        ast::StmtPtr copy = copy_stmt(body);
        --loop_depth_;
        return copy;
    }

    ast::StmtPtr copy_stmt(const ast::Stmt& statement) {
        switch (statement.kind) {
        case ast::StmtKind::Block: {
            auto copy = std::make_unique<ast::BlockStmt>(statement.loc);
            copy_block(static_cast<const ast::BlockStmt&>(statement), copy->statements);
            return copy;
        }
        case ast::StmtKind::Decl: {
            const auto& decl = static_cast<const ast::DeclStmt&>(statement);
            auto copy = std::make_unique<ast::DeclStmt>(decl.loc);
            copy->is_const = decl.is_const;
            copy->type = copy_type(decl.type);
            for (const ast::Declarator& declarator : decl.declarators) {
                // In scope in its own initializer, as in C.
                std::string name = inlining_.fresh_name(declarator.name);
                scopes_.back()[declarator.name] = name;
                copy->declarators.push_back(
                    ast::Declarator{name, declarator.loc, copy_optional(declarator.init)});
            }
            return copy;
        }
        case ast::StmtKind::Expr: {
            const auto& expr = static_cast<const ast::ExprStmt&>(statement);
            return std::make_unique<ast::ExprStmt>(copy_expr(*expr.expr), expr.loc);
        }
        case ast::StmtKind::If: {
            const auto& branch = static_cast<const ast::IfStmt&>(statement);
            auto copy = std::make_unique<ast::IfStmt>(branch.loc);
            copy->condition = copy_expr(*branch.condition);
            copy->then_branch = copy_stmt(*branch.then_branch);
            copy->else_branch = copy_optional(branch.else_branch);
            return copy;
        }
        case ast::StmtKind::For: {
            const auto& loop = static_cast<const ast::ForStmt&>(statement);
            auto copy = std::make_unique<ast::ForStmt>(loop.loc);
            copy->unroll = loop.unroll;
            scopes_.emplace_back(); // the init's variable
            copy->init = copy_optional(loop.init);
            copy->condition = copy_optional(loop.condition);
            copy->step = copy_optional(loop.step);
            copy->body = copy_loop_body(*loop.body);
            scopes_.pop_back();
            return copy;
        }
        case ast::StmtKind::While: {
            const auto& loop = static_cast<const ast::WhileStmt&>(statement);
            auto copy = std::make_unique<ast::WhileStmt>(loop.loc);
            copy->unroll = loop.unroll;
            copy->condition = copy_expr(*loop.condition);
            copy->body = copy_loop_body(*loop.body);
            return copy;
        }
        case ast::StmtKind::DoWhile: {
            const auto& loop = static_cast<const ast::DoWhileStmt&>(statement);
            auto copy = std::make_unique<ast::DoWhileStmt>(loop.loc);
            copy->unroll = loop.unroll;
            copy->body = copy_loop_body(*loop.body);
            copy->condition = copy_expr(*loop.condition);
            return copy;
        }
        case ast::StmtKind::Break:
            return std::make_unique<ast::BreakStmt>(statement.loc);
        case ast::StmtKind::Continue:
            if (loop_depth_ == 0) {
                fail(statement.loc, 8, "'continue' outside a loop");
            }
            return std::make_unique<ast::ContinueStmt>(statement.loc);
        case ast::StmtKind::Empty:
            return std::make_unique<ast::EmptyStmt>(statement.loc);
        case ast::StmtKind::SharedDecl:
        case ast::StmtKind::Return:
            // Not statements of an elementwise body (its own check reports them).
            fail(statement.loc, 1, "this statement");
            return std::make_unique<ast::EmptyStmt>(statement.loc);
        }
        return std::make_unique<ast::EmptyStmt>(statement.loc);
    }

    const KernelInlining& inlining_;
    InlineObstacle& obstacle_;
    std::vector<std::map<std::string, std::string>> scopes_;
    int loop_depth_ = 0;
    bool failed_ = false;
};

} // namespace

bool inline_kernel_body(const ast::BlockStmt& body, const KernelInlining& inlining,
                        std::vector<ast::StmtPtr>& out, InlineObstacle& obstacle) {
    return BodyCopier(inlining, obstacle).copy_block(body, out);
}

} // namespace gpucc::sema
