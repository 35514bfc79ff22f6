// Checks the body of one kernel instance (concrete types bound to its placeholders) and builds its
// kernel IR: names resolved through nested scopes to locals, parameters and the special names,
// every operand converted by C's rules with explicit casts, lvalues and read-only targets checked.
// Internal to sema/: CheckStatement.cpp and CheckExpression.cpp implement it.
//
// Error protocol: an expression with an error yields null after reporting it; its parents yield
// null without reporting more, and the statement is dropped; checking goes on with the next
// statement, so one body can report several errors.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/KernelIR.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucc::sema {

/// A placeholder's name and the type it is bound to in this instance.
struct Binding {
    std::string name;
    ScalarType type;
};

class BodyChecker {
public:
    BodyChecker(const ast::ElementwiseDef& def, std::vector<Binding> bindings,
                kir::ElementwiseInstance& instance, DiagnosticEngine& diags);

    /// Checks the kernel's body into instance.body.
    void check();

private:
    /// A name visible in a scope: a variable, or null for one whose declaration had an error (its
    /// uses are then silently erroneous, so one mistake is reported once).
    struct ScopeEntry {
        std::string name;
        const kir::Variable* variable;
        SourceLocation loc;
    };
    using Scope = std::vector<ScopeEntry>;

    // ----- Types -----
    std::optional<ScalarType> resolve_type(const ast::TypeName& type);

    // ----- Statements (CheckStatement.cpp) -----
    void check_statement(const ast::Stmt& stmt, std::vector<kir::StmtPtr>& out);
    /// A statement in its own scope (the branch of an if, a loop body), as one statement.
    kir::StmtPtr check_scoped_statement(const ast::Stmt& stmt);
    std::unique_ptr<kir::BlockStmt> check_block(const ast::BlockStmt& block);
    void check_declaration(const ast::DeclStmt& decl, std::vector<kir::StmtPtr>& out);
    void check_for(const ast::ForStmt& loop, std::vector<kir::StmtPtr>& out);
    bool declare_local(const ast::Declarator& declarator, std::optional<ScalarType> type,
                       bool is_const, const kir::Variable*& variable);

    // ----- Expressions (CheckExpression.cpp) -----
    kir::ExprPtr check_expression(const ast::Expr& expr);
    kir::ExprPtr check_condition(const ast::Expr& expr);
    kir::ExprPtr check_integer_literal(const ast::IntegerLiteralExpr& literal);
    kir::ExprPtr check_float_literal(const ast::FloatLiteralExpr& literal);
    kir::ExprPtr check_name(const ast::NameExpr& name);
    kir::ExprPtr check_index(const ast::IndexExpr& index);
    kir::ExprPtr check_call(const ast::CallExpr& call);
    kir::ExprPtr check_builtin_call(const ast::CallExpr& call, std::string_view name);
    kir::ExprPtr check_unary(const ast::UnaryExpr& unary);
    kir::ExprPtr check_binary(const ast::BinaryExpr& binary);
    kir::ExprPtr check_assign(const ast::AssignExpr& assign);
    kir::ExprPtr check_conditional(const ast::ConditionalExpr& conditional);
    kir::ExprPtr check_cast(const ast::CastExpr& cast);
    /// Reports and returns false unless `target` may be assigned (an output, a non-const local).
    bool check_assignable(const kir::Expr& target, const ast::Expr& source);

    /// `expr` converted to `type` (a Cast node, or `expr` itself when it already has the type).
    static kir::ExprPtr convert(kir::ExprPtr expr, ScalarType type);

    // ----- Names -----
    const ScopeEntry* find_local(std::string_view name) const;
    int find_param(std::string_view name) const;
    std::vector<std::string> visible_value_names() const;
    void report_unknown_name(const ast::NameExpr& name);

    const ast::ElementwiseDef& def_;
    std::vector<Binding> bindings_;
    kir::ElementwiseInstance& instance_;
    DiagnosticEngine& diags_;
    std::vector<Scope> scopes_;
    int loop_depth_ = 0;
};

} // namespace gpucc::sema
