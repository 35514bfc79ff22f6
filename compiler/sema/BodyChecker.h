// Checks one piece of code of a kernel instance (concrete types bound to its placeholders) and
// builds its kernel IR: names resolved through nested scopes to locals, parameters and the special
// names, every operand converted by C's rules with explicit casts, lvalues and read-only targets
// checked. The piece is an elementwise body or one clause of a reduction; it decides what names
// mean (`i` in an elementwise body, `a` and `b` in a reduce, which parameters a clause may read).
// Internal to sema/: CheckStatement.cpp and CheckExpression.cpp implement it.
//
// Error protocol: an expression with an error yields null after reporting it; its parents yield
// null without reporting more, and the statement is dropped; checking goes on with the next
// statement, so one body can report several errors.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/Instantiation.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucc::sema {

/// The value of an integer constant expression (literals, casts, + - * / % << >> and unary -),
/// or nullopt.
std::optional<std::int64_t> constant_integer(const kir::Expr& expr);

/// Which piece of a kernel is checked.
enum class Piece : std::uint8_t {
    ElementwiseBody, ///< every parameter, `i`, `_ind.size()`
    Identity,        ///< a constant: no names at all
    Map,             ///< inputs (array elements and scalars), `_in_ind.size()`, `_out_ind.size()`
    Reduce,          ///< `a` and `b` only
    Post,            ///< `a`, outputs, scalar inputs, the sizes, locals
    GridBody, ///< a jit-style kernel: every parameter, the thread's coordinates, shared arrays,
              ///< barriers, atomics and shuffles (CheckGrid.cpp)
};

/// What the checker reads of the kernel's definition: its name and parameters as written (for
/// messages).
struct KernelView {
    std::string_view name;
    const std::vector<ast::Param>& inputs;
    const std::vector<ast::Param>& outputs;
};

class BodyChecker {
public:
    /// `params` are the instance's (inputs then outputs); locals declared by the piece are added
    /// to `locals`. `reduce_type` is the type of `a` and `b` (reduction pieces).
    BodyChecker(KernelView kernel, Piece piece, std::vector<Binding> bindings,
                const std::vector<kir::Param>& params,
                std::vector<std::unique_ptr<kir::Variable>>& locals, DiagnosticEngine& diags,
                ScalarType reduce_type = ScalarType::Float32);

    /// A fused reduction with a tuple reduce type: the types of its components (the first is
    /// component 0's), which post reads as fused_reduced_value(k) and a combine as
    /// fused_reduce_operand(operand, k); `own` is the component whose `a` and `b` a combine reads.
    void set_reduced_components(std::vector<ScalarType> types, int own = 0) {
        reduced_components_ = std::move(types);
        own_component_ = own;
    }

    /// Checks a body of statements (an elementwise body, a reduction's post).
    std::unique_ptr<kir::BlockStmt> check_body(const ast::BlockStmt& body);
    /// Checks an expression piece (identity, map, reduce); null after an error.
    kir::ExprPtr check_value(const ast::Expr& expr);
    /// Checks statements, then an expression that reads their locals (a fused function's map:
    /// its temporaries, then the mapped value); null after an error in the expression.
    kir::ExprPtr check_statements_then_value(const ast::BlockStmt& statements,
                                             const ast::Expr& expr,
                                             std::unique_ptr<kir::BlockStmt>& checked);
    /// The same with several expressions after the statements (a tuple reduce type's maps); each
    /// null after an error in it.
    std::vector<kir::ExprPtr>
    check_statements_then_values(const ast::BlockStmt& statements,
                                 const std::vector<const ast::Expr*>& exprs,
                                 std::unique_ptr<kir::BlockStmt>& checked);

    /// `expr` converted to `type` (a Cast node, or `expr` itself when it already has the type).
    static kir::ExprPtr convert(kir::ExprPtr expr, ScalarType type);

    /// Whether the piece read `_J` (a reduction's map).
    bool used_position() const { return used_position_; }

private:
    /// A name visible in a scope: a variable, or null for one whose declaration had an error (its
    /// uses are then silently erroneous, so one mistake is reported once).
    struct ScopeEntry {
        std::string name;
        const kir::Variable* variable;
        SourceLocation loc;
    };
    using Scope = std::vector<ScopeEntry>;

    bool in_reduction() const {
        return piece_ != Piece::ElementwiseBody && piece_ != Piece::GridBody;
    }
    bool in_grid_kernel() const { return piece_ == Piece::GridBody; }

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
    kir::ExprPtr check_member_call(const ast::CallExpr& call, const ast::MemberExpr& member);
    kir::ExprPtr check_builtin_call(const ast::CallExpr& call, std::string_view name);
    kir::ExprPtr check_reinterpret(const ast::CallExpr& call, std::string_view name,
                                   kir::Builtin builtin, kir::ExprPtr arg);
    kir::ExprPtr check_unary(const ast::UnaryExpr& unary);
    kir::ExprPtr check_binary(const ast::BinaryExpr& binary);
    kir::ExprPtr check_assign(const ast::AssignExpr& assign);
    kir::ExprPtr check_conditional(const ast::ConditionalExpr& conditional);
    kir::ExprPtr check_cast(const ast::CastExpr& cast);
    /// Reports and returns false when `lhs op rhs` in `type` is undefined for constant operands
    /// (division by zero, the smallest value divided by -1, a shift count out of range).
    bool check_defined(kir::BinaryOp op, ScalarType type, const kir::Expr& lhs,
                       const kir::Expr& rhs, SourceSpan span);
    /// Reports and returns false unless `target` may be assigned (an output, a non-const local).
    bool check_assignable(const kir::Expr& target, const ast::Expr& source);

    // ----- Jit-style kernels (CheckGrid.cpp) -----
    // Each `std::optional` result is nullopt when the construct is not one of these builtins (the
    // caller goes on with its own rules), else the checked expression or null after an error.
    std::optional<kir::ExprPtr> check_grid_name(const ast::NameExpr& name);
    std::optional<kir::ExprPtr> check_grid_member(const ast::MemberExpr& member);
    std::optional<kir::ExprPtr> check_grid_call(const ast::CallExpr& call, std::string_view name);
    /// `syncthreads();` and `syncwarp(mask);` as statements; false when `stmt` is neither.
    bool check_sync_statement(const ast::ExprStmt& stmt, std::vector<kir::StmtPtr>& out);
    void check_shared_declaration(const ast::SharedDeclStmt& decl);
    kir::ExprPtr check_shared_index(const kir::Variable& array, const ast::IndexExpr& index);
    kir::ExprPtr check_atomic(const ast::CallExpr& call, kir::AtomicOp op);
    kir::ExprPtr check_shuffle(const ast::CallExpr& call, kir::ShuffleOp op);
    /// `grid(n)` (dim < 0: n must be 1) or the member `dim` of `grid(n)`; also `gridsize`.
    kir::ExprPtr check_grid_position(const ast::CallExpr& call, bool size, int dim);
    // ----- Jit-style array parameters (CheckGridArrays.cpp) -----
    /// `x.size`, `x.ndim`, and the errors of bare `x.shape`, `x.strides` and unknown members.
    kir::ExprPtr check_array_member(int param, const ast::MemberExpr& member);
    /// `x.shape[k]` and `x.strides[k]`; nullopt when `index` is not of that form.
    std::optional<kir::ExprPtr> check_array_axis_property(const ast::IndexExpr& index);
    /// `x[i]` or `x[i, j, ...]` on array parameter `param` of a jit-style kernel.
    kir::ExprPtr check_array_element(int param, const ast::IndexExpr& index);
    /// An integer index converted to Int64, or null after reporting a floating one.
    kir::ExprPtr check_index_value(const ast::Expr& expr);
    bool check_argument_count(const ast::CallExpr& call, std::string_view name, std::size_t least,
                              std::size_t most);

    // ----- Names (CheckNames.cpp) -----
    const ScopeEntry* find_local(std::string_view name) const;
    int find_param(std::string_view name) const;
    std::vector<std::string> visible_value_names() const;
    void report_unknown_name(const ast::NameExpr& name);
    /// A parameter by name: its reference, or null after reporting that this piece cannot use it.
    kir::ExprPtr check_param_use(int param, const ast::NameExpr& name);
    /// Whether this piece may read parameter `param`.
    bool param_visible(const kir::Param& param) const;
    /// `a` or `b` (operand 0 or 1) where this piece has it.
    bool reduce_operand_visible(int operand) const;
    /// `_in_ind.size()` and `_out_ind.size()` where this piece has them.
    bool sizes_visible() const { return piece_ == Piece::Map || piece_ == Piece::Post; }
    /// The parameter's type as written ("T"), for messages.
    std::string declared_type_spelling(const kir::Param& param) const;

    KernelView kernel_;
    Piece piece_;
    std::vector<Binding> bindings_;
    const std::vector<kir::Param>& params_;
    std::vector<std::unique_ptr<kir::Variable>>& locals_;
    DiagnosticEngine& diags_;
    ScalarType reduce_type_;
    std::vector<ScalarType> reduced_components_; ///< set_reduced_components
    int own_component_ = 0;
    bool used_position_ = false;
    std::vector<Scope> scopes_;
    int loop_depth_ = 0;
    /// The local whose initializer is being checked (null outside one): reading it is an error.
    const kir::Variable* initializing_ = nullptr;
    std::int64_t static_shared_bytes_ = 0; ///< jit-style kernels: the sized shared arrays'
    bool shared_limit_reported_ = false;
};

} // namespace gpucc::sema
