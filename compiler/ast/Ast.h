// The syntax tree of a .dsl file, as written: names are still strings, types are still spellings,
// nothing is checked beyond the grammar. Sema (compiler/sema) reads it and produces the kernel IR.
// Every node carries the SourceLocation a diagnostic about it should point at: for operators the
// operator itself, for names the name, for statements their first token.
#pragma once

#include "compiler/ast/RawCudaDef.h"
#include "compiler/basic/LoopUnroll.h"
#include "compiler/basic/SourceLocation.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc::ast {

/// A type as spelled: "float32", "T", "unsigned int" (C names of several words joined by one
/// space). Sema resolves it.
struct TypeName {
    std::string spelling;
    SourceLocation loc;
    std::uint32_t length = 0; ///< source bytes covered, for underlining
};

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

enum class ExprKind : std::uint8_t {
    IntegerLiteral,
    FloatLiteral,
    BoolLiteral,
    Name,
    Index,
    Call,
    Member,
    Unary,
    Binary,
    Assign,
    Conditional,
    Cast,
};

struct Expr {
    ExprKind kind;
    SourceLocation loc;
    Expr(ExprKind kind, SourceLocation loc) : kind(kind), loc(loc) {}
    virtual ~Expr() = default;
    Expr(const Expr&) = delete;
    Expr& operator=(const Expr&) = delete;
};
using ExprPtr = std::unique_ptr<Expr>;

struct IntegerLiteralExpr : Expr {
    std::string spelling;
    std::uint64_t value = 0;
    bool is_decimal = true;
    bool has_unsigned_suffix = false;
    int long_suffix_count = 0;
    explicit IntegerLiteralExpr(SourceLocation loc) : Expr(ExprKind::IntegerLiteral, loc) {}
};

struct FloatLiteralExpr : Expr {
    std::string spelling;
    double value = 0;
    bool has_float_suffix = false; ///< `1.0f`: float32; else float64
    explicit FloatLiteralExpr(SourceLocation loc) : Expr(ExprKind::FloatLiteral, loc) {}
};

struct BoolLiteralExpr : Expr {
    bool value;
    BoolLiteralExpr(bool value, SourceLocation loc)
        : Expr(ExprKind::BoolLiteral, loc), value(value) {}
};

/// A name: a parameter, a local, `i`, `_ind`, or a function name when called.
struct NameExpr : Expr {
    std::string name;
    NameExpr(std::string name, SourceLocation loc)
        : Expr(ExprKind::Name, loc), name(std::move(name)) {}
};

/// `base[index]` or, on a ranked jit array, `base[i, j, ...]`; loc is the '['.
struct IndexExpr : Expr {
    ExprPtr base;
    std::vector<ExprPtr> indices; ///< at least one
    IndexExpr(ExprPtr base, std::vector<ExprPtr> indices, SourceLocation loc)
        : Expr(ExprKind::Index, loc), base(std::move(base)), indices(std::move(indices)) {}
};

/// `callee(args)`; loc is the callee's.
struct CallExpr : Expr {
    ExprPtr callee;
    std::vector<ExprPtr> args;
    CallExpr(ExprPtr callee, std::vector<ExprPtr> args, SourceLocation loc)
        : Expr(ExprKind::Call, loc), callee(std::move(callee)), args(std::move(args)) {}
};

/// `object.member`; loc is the member name.
struct MemberExpr : Expr {
    ExprPtr object;
    std::string member;
    MemberExpr(ExprPtr object, std::string member, SourceLocation loc)
        : Expr(ExprKind::Member, loc), object(std::move(object)), member(std::move(member)) {}
};

enum class UnaryOp : std::uint8_t {
    Plus,
    Minus,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
    AddressOf, ///< `&x[i]`: jit-style kernels, as an atomic's first argument only
};

struct UnaryExpr : Expr {
    UnaryOp op;
    ExprPtr operand;
    UnaryExpr(UnaryOp op, ExprPtr operand, SourceLocation loc)
        : Expr(ExprKind::Unary, loc), op(op), operand(std::move(operand)) {}
};

enum class BinaryOp : std::uint8_t {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogicalAnd,
    LogicalOr,
};

struct BinaryExpr : Expr {
    BinaryOp op;
    ExprPtr lhs, rhs;
    BinaryExpr(BinaryOp op, ExprPtr lhs, ExprPtr rhs, SourceLocation loc)
        : Expr(ExprKind::Binary, loc), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
};

/// `=` or a compound assignment (`op` is then the arithmetic operator).
struct AssignExpr : Expr {
    std::optional<BinaryOp> compound_op;
    ExprPtr target, value;
    AssignExpr(std::optional<BinaryOp> compound_op, ExprPtr target, ExprPtr value,
               SourceLocation loc)
        : Expr(ExprKind::Assign, loc), compound_op(compound_op), target(std::move(target)),
          value(std::move(value)) {}
};

/// `condition ? if_true : if_false`; loc is the '?'.
struct ConditionalExpr : Expr {
    ExprPtr condition, if_true, if_false;
    ConditionalExpr(ExprPtr condition, ExprPtr if_true, ExprPtr if_false, SourceLocation loc)
        : Expr(ExprKind::Conditional, loc), condition(std::move(condition)),
          if_true(std::move(if_true)), if_false(std::move(if_false)) {}
};

/// `(type)operand` or the functional form `type(operand)`.
struct CastExpr : Expr {
    TypeName type;
    ExprPtr operand;
    bool functional;
    CastExpr(TypeName type, ExprPtr operand, bool functional, SourceLocation loc)
        : Expr(ExprKind::Cast, loc), type(std::move(type)), operand(std::move(operand)),
          functional(functional) {}
};

/// "+", "<<=", ... as written in source.
std::string_view spelling(UnaryOp op);
std::string_view spelling(BinaryOp op);
/// "=", "+=", ...
std::string_view assign_spelling(std::optional<BinaryOp> compound_op);
/// How an array parameter's brackets are written: "[]" for rank 0, "[:, :]" for rank 2.
std::string array_brackets(int rank);

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

enum class StmtKind : std::uint8_t {
    Block,
    Decl,
    Expr,
    If,
    For,
    While,
    DoWhile,
    Break,
    Continue,
    Empty,
    SharedDecl, ///< jit-style kernels: `shared T name[N];`
    Return,     ///< jit-style kernels: `return;`
};

struct Stmt {
    StmtKind kind;
    SourceLocation loc;
    Stmt(StmtKind kind, SourceLocation loc) : kind(kind), loc(loc) {}
    virtual ~Stmt() = default;
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
};
using StmtPtr = std::unique_ptr<Stmt>;

struct BlockStmt : Stmt {
    std::vector<StmtPtr> statements;
    explicit BlockStmt(SourceLocation loc) : Stmt(StmtKind::Block, loc) {}
};

struct Declarator {
    std::string name;
    SourceLocation loc;
    ExprPtr init; ///< may be null
};

/// `const? type a = 1, b;`
struct DeclStmt : Stmt {
    bool is_const = false;
    TypeName type;
    std::vector<Declarator> declarators;
    explicit DeclStmt(SourceLocation loc) : Stmt(StmtKind::Decl, loc) {}
};

struct ExprStmt : Stmt {
    ExprPtr expr;
    ExprStmt(ExprPtr expr, SourceLocation loc) : Stmt(StmtKind::Expr, loc), expr(std::move(expr)) {}
};

struct IfStmt : Stmt {
    ExprPtr condition;
    StmtPtr then_branch, else_branch; ///< else may be null
    explicit IfStmt(SourceLocation loc) : Stmt(StmtKind::If, loc) {}
};

struct ForStmt : Stmt {
    StmtPtr init;      ///< DeclStmt, ExprStmt or null
    ExprPtr condition; ///< may be null
    ExprPtr step;      ///< may be null
    StmtPtr body;
    LoopUnroll unroll; ///< from a `#pragma unroll` line before the loop
    explicit ForStmt(SourceLocation loc) : Stmt(StmtKind::For, loc) {}
};

struct WhileStmt : Stmt {
    ExprPtr condition;
    StmtPtr body;
    LoopUnroll unroll;
    explicit WhileStmt(SourceLocation loc) : Stmt(StmtKind::While, loc) {}
};

struct DoWhileStmt : Stmt {
    StmtPtr body;
    ExprPtr condition;
    LoopUnroll unroll;
    explicit DoWhileStmt(SourceLocation loc) : Stmt(StmtKind::DoWhile, loc) {}
};

struct BreakStmt : Stmt {
    explicit BreakStmt(SourceLocation loc) : Stmt(StmtKind::Break, loc) {}
};
struct ContinueStmt : Stmt {
    explicit ContinueStmt(SourceLocation loc) : Stmt(StmtKind::Continue, loc) {}
};
/// A lone `;`.
struct EmptyStmt : Stmt {
    explicit EmptyStmt(SourceLocation loc) : Stmt(StmtKind::Empty, loc) {}
};

/// `shared T name[size];` or, sized by the launch's dynamic shared memory, `shared T name[];`
/// (jit-style kernels; elsewhere Sema reports it). `size` is null for the dynamic form.
struct SharedDeclStmt : Stmt {
    TypeName type;
    std::string name;
    SourceLocation name_loc;
    ExprPtr size;
    explicit SharedDeclStmt(SourceLocation loc) : Stmt(StmtKind::SharedDecl, loc) {}
};

/// `return;` in a jit-style kernel: the thread is done.
struct ReturnStmt : Stmt {
    explicit ReturnStmt(SourceLocation loc) : Stmt(StmtKind::Return, loc) {}
};

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/// `T` or `T: float32 | float64` in a kernel's `<...>`.
struct Placeholder {
    std::string name;
    SourceLocation loc;
    std::vector<TypeName> allowed; ///< empty for a bare `<T>` (the default types)
};

/// The most axes a ranked array parameter may declare: the runtime's gpucc::kMaxNdim.
inline constexpr int kMaxArrayParamRank = 32;

struct Param {
    bool is_raw = false;
    bool is_scalar = false; ///< `scalar T p` (reduction kernels): one value for the whole call
    TypeName type;
    std::string name;
    SourceLocation loc;    ///< the name
    bool is_array = false; ///< jit-style kernels: `T[] x`, an array; otherwise a scalar
    /// jit-style arrays: 0 for `T[] x` (C-contiguous, flat), r for `T[:, ..., :] x` (r axes,
    /// any strides, passed with its shape and strides as cupyx.jit does)
    int rank = 0;
};

/// `elementwise name<placeholders>(inputs) -> (outputs) { body }`.
struct ElementwiseDef {
    std::string name;
    SourceLocation loc;      ///< the `elementwise` keyword
    SourceLocation name_loc; ///< the kernel's name
    std::vector<Placeholder> placeholders;
    std::vector<Param> inputs, outputs;
    std::unique_ptr<BlockStmt> body;
};

/// `reduction name<placeholders>(inputs) -> (outputs) { clauses }` (language.md section 2). The
/// clauses may come in any order; each is absent (its location invalid) or given once.
struct ReductionDef {
    std::string name;
    SourceLocation loc;      ///< the `reduction` keyword
    SourceLocation name_loc; ///< the kernel's name
    std::vector<Placeholder> placeholders;
    std::vector<Param> inputs, outputs;

    /// `identity: expr;`, or `identity: none;` (then `identity_is_none` and no expression).
    SourceLocation identity_loc; ///< the word `identity`
    ExprPtr identity;
    bool identity_is_none = false;
    /// `map: expr;` over the inputs' elements.
    SourceLocation map_loc;
    ExprPtr map;
    /// `reduce: expr;` over `a` and `b`.
    SourceLocation reduce_loc;
    ExprPtr reduce;
    /// `post: statements` up to the next clause or the closing `}`, as a block at the word `post`.
    SourceLocation post_loc;
    std::unique_ptr<BlockStmt> post;
    /// `type: type_name;` the reduce type (CuPy's reduce_type).
    SourceLocation type_loc;
    std::optional<TypeName> reduce_type;
};

/// `kernel name<placeholders>(params) { body }` (language.md section 3): a jit-style kernel,
/// launched with an explicit grid. Parameters are arrays (`T[] x`) or scalars (`T n`).
struct GridKernelDef {
    std::string name;
    SourceLocation loc;      ///< the `kernel` keyword
    SourceLocation name_loc; ///< the kernel's name
    std::vector<Placeholder> placeholders;
    std::vector<Param> params;
    std::unique_ptr<BlockStmt> body;
};

/// `name = expr;` in the block form of a fused function: a local value later lines may use.
struct FuseBinding {
    std::string name;
    SourceLocation loc; ///< the name
    ExprPtr value;
};

/// A fused function (language.md section 5, CuPy's cupy.fuse), in either form:
///   `fuse name<placeholders>(params) = expr;`
///   `fuse name<placeholders>(params) { a = expr; ... return r1, r2; }`
/// A parameter is `TYPE name` or just `name` (untyped: its `type.spelling` is empty; every untyped
/// parameter of a definition shares one implicit placeholder over the default types).
struct FuseDef {
    std::string name;
    SourceLocation loc;      ///< the `fuse` keyword
    SourceLocation name_loc; ///< the function's name
    std::vector<Placeholder> placeholders;
    std::vector<Param> params;
    std::vector<FuseBinding> bindings; ///< the block form's local values, in order
    std::vector<ExprPtr> results;      ///< at least one: the expression, or the `return` list
};

struct Module {
    std::optional<std::string> name; ///< from `module name;`
    SourceLocation name_loc;
    std::vector<ElementwiseDef> elementwise;
    std::vector<ReductionDef> reductions;
    std::vector<RawCudaDef> raw_cuda;
    std::vector<GridKernelDef> grid_kernels;
    std::vector<FuseDef> fused;
};

/// Whether `a` comes before `b` in the source (definitions of different kinds are kept in separate
/// lists; this restores their order).
inline bool comes_before(SourceLocation a, SourceLocation b) {
    if (a.file_id != b.file_id) {
        return a.file_id < b.file_id;
    }
    return a.line != b.line ? a.line < b.line : a.column < b.column;
}

} // namespace gpucc::ast
