// The kernel IR: what the front end hands to code generation. It is typed and target-neutral:
// every C conversion rule has already been applied by Sema (implicit conversions are explicit Cast
// nodes, compound assignments carry the type they compute in, math calls name the builtin and
// their operands already have its operand type), every generic kernel has been instantiated once
// per type binding, and names are resolved to parameters and local variables. Code generation
// for NVPTX and for the host CPU reads this and nothing else of the front end; fusion and launch
// planning will work on it too. `--emit=ir` prints it (KirPrinter.h).
//
// The tree keeps the shape of the C body (statements and expression trees) rather than SSA:
// LLVM builds SSA from it, and a tree is what fusion splices.
//
// Three kinds of kernel are described: elementwise kernels (a body run once per element),
// reduction kernels (an identity, a per-element map, a binary reduce and a per-output post, each
// a separate typed piece; the contract for code generation is at ReductionKernel below) and
// jit-style kernels (a body run once per thread of a launch the caller shapes: GridKernel).
#pragma once

#include "compiler/basic/LoopUnroll.h"
#include "compiler/basic/ScalarType.h"
#include "compiler/basic/SourceLocation.h"
#include "compiler/kir/RawCuda.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gpucc::kir {

// ---------------------------------------------------------------------------------------------
// Parameters and variables
// ---------------------------------------------------------------------------------------------

enum class ParamRole : std::uint8_t { Input, Output };

/// A parameter of one instantiated kernel, with its concrete type.
struct Param {
    std::string name;
    ScalarType type = ScalarType::Float32;
    ParamRole role = ParamRole::Input;
    bool is_raw = false; ///< indexed freely by the body (`raw T x`), never broadcast
    SourceLocation loc;
    /// Reductions only: `scalar T p`, one value for the whole call (a C++ scalar argument),
    /// readable in `map` and `post`. Other inputs are arrays (or scalars broadcast like arrays).
    bool is_scalar = false;
    /// Reductions only (fused functions): an array input read by `post` alone, at the output
    /// element's coordinates, broadcast to the output's shape (`sum(x, axis=1) > b`). `map` never
    /// reads it; the plan lists it after the outputs (KernelAbi.h).
    bool is_post = false;
    /// Jit-style arrays: 0 for `T[] x` (C-contiguous), r for `T[:, ..., :] x` (r axes, passed
    /// with its shape and strides).
    int rank = 0;
};

/// A local variable declared in a kernel body. Owned by its instance; expressions point to it.
struct Variable {
    std::string name;
    ScalarType type = ScalarType::Float32;
    bool is_const = false;
    int id = 0; ///< unique within the instance, in declaration order (for printing)
    SourceLocation loc;
    /// Jit-style kernels: a `shared` array of this many elements, 0 for one sized by the launch's
    /// dynamic shared memory (`shared T buf[];`), -1 for an ordinary local.
    std::int64_t shared_elements = -1;
    bool is_shared() const { return shared_elements >= 0; }
};

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

enum class ExprKind : std::uint8_t {
    Constant,       ///< a literal, already of its final type
    ParamRef,       ///< the current element of a non-raw parameter (an lvalue for outputs)
    LocalRef,       ///< a local variable (an lvalue unless const)
    RawElement,     ///< element of a raw parameter at a C-order linear index, or at one subscript
                    ///< per axis of a ranked jit array (an lvalue for outputs and jit arrays)
    LoopIndex,      ///< `i`: the linear index of the current element, Int64
    LoopSize,       ///< `_ind.size()`: the number of elements of the loop, Int64
    ReduceOperand,  ///< reductions: `a` or `b` (ReductionKernel below), of the reduce type
    InputSize,      ///< reductions: `_in_ind.size()`, the number of input elements, Int64
    OutputSize,     ///< reductions: `_out_ind.size()`, the number of output elements, Int64
    ReducePosition, ///< reductions, in map: `_J`, the element's position along the reduced axes
    Unary,
    Binary,
    Compare,
    Logical, ///< && and ||, short-circuit
    Select,  ///< cond ? a : b
    Cast,
    Call, ///< a math builtin
    Assign,
    IncDec,
    // Jit-style kernels only (GridKernel below):
    GridValue,     ///< threadIdx.x, blockDim.y, laneid(), ...: UInt32
    ArrayProperty, ///< `x.size`, `x.shape[k]`, `x.strides[k]` of an array parameter: Int64
    SharedElement, ///< element `index` of a shared array (an lvalue)
    Atomic,        ///< atomic_add(&x[i], v) and the others: the old value
    Shuffle,       ///< shfl_sync and its up/down/xor forms
};

struct Expr {
    ExprKind kind;
    ScalarType type; ///< the type of the value this expression yields
    SourceLocation loc;

    Expr(ExprKind kind, ScalarType type, SourceLocation loc) : kind(kind), type(type), loc(loc) {}
    virtual ~Expr() = default;
    Expr(const Expr&) = delete;
    Expr& operator=(const Expr&) = delete;
};
using ExprPtr = std::unique_ptr<Expr>;

struct ConstantExpr : Expr {
    /// Integers and bool: the value's bits (sign-extended for signed types). Floats: `float_value`.
    std::uint64_t int_bits = 0;
    double float_value = 0;
    ConstantExpr(ScalarType type, SourceLocation loc) : Expr(ExprKind::Constant, type, loc) {}
};

struct ParamRefExpr : Expr {
    int param_index; ///< into the instance's `params`
    ParamRefExpr(int param_index, ScalarType type, SourceLocation loc)
        : Expr(ExprKind::ParamRef, type, loc), param_index(param_index) {}
};

struct LocalRefExpr : Expr {
    const Variable* variable;
    LocalRefExpr(const Variable* variable, SourceLocation loc)
        : Expr(ExprKind::LocalRef, variable->type, loc), variable(variable) {}
};

/// An element of an array parameter: at a C-order linear `index`, or, on a ranked jit array
/// (`T[:, :] x`), at one subscript per axis (`x[i, j]`: `subscripts` set, `index` null).
struct RawElementExpr : Expr {
    int param_index;
    ExprPtr index;                   ///< Int64
    std::vector<ExprPtr> subscripts; ///< Int64 each, one per axis
    RawElementExpr(int param_index, ScalarType type, ExprPtr index, SourceLocation loc)
        : Expr(ExprKind::RawElement, type, loc), param_index(param_index), index(std::move(index)) {
    }
    RawElementExpr(int param_index, ScalarType type, std::vector<ExprPtr> subscripts,
                   SourceLocation loc)
        : Expr(ExprKind::RawElement, type, loc), param_index(param_index),
          subscripts(std::move(subscripts)) {}
};

struct LoopIndexExpr : Expr {
    explicit LoopIndexExpr(SourceLocation loc)
        : Expr(ExprKind::LoopIndex, ScalarType::Int64, loc) {}
};

struct LoopSizeExpr : Expr {
    explicit LoopSizeExpr(SourceLocation loc) : Expr(ExprKind::LoopSize, ScalarType::Int64, loc) {}
};

/// `a` (operand 0) or `b` (operand 1) of a reduction: in `reduce`, the two partial results
/// combined; in `post`, `a` is the final result of the output being written.
struct ReduceOperandExpr : Expr {
    int operand;       ///< 0 for `a`, 1 for `b`
    int component = 0; ///< in a post of a tuple reduce type (more_components): which component
    ReduceOperandExpr(int operand, ScalarType reduce_type, SourceLocation loc, int component = 0)
        : Expr(ExprKind::ReduceOperand, reduce_type, loc), operand(operand), component(component) {}
};

/// `_in_ind.size()`: how many elements the inputs have after broadcasting together (all of them,
/// not per output), as in CuPy. `_in_ind.size() / _out_ind.size()` is the number of elements
/// reduced into each output (CuPy's mean divides by it).
struct InputSizeExpr : Expr {
    explicit InputSizeExpr(SourceLocation loc)
        : Expr(ExprKind::InputSize, ScalarType::Int64, loc) {}
};

/// `_out_ind.size()`: how many elements the outputs have (1 for a reduction over every axis).
struct OutputSizeExpr : Expr {
    explicit OutputSizeExpr(SourceLocation loc)
        : Expr(ExprKind::OutputSize, ScalarType::Int64, loc) {}
};

/// `_J` in map (CuPy's name): the position of the element being mapped among the elements reduced
/// into its output, counted in C order over the reduced axes of the broadcast input shape, Int64.
/// For a reduction over every axis it is the flat index into the input (NumPy's argmax result).
struct ReducePositionExpr : Expr {
    explicit ReducePositionExpr(SourceLocation loc)
        : Expr(ExprKind::ReducePosition, ScalarType::Int64, loc) {}
};

enum class UnaryOp : std::uint8_t {
    Neg,        ///< -x, operand type == result type
    BitNot,     ///< ~x, integers
    LogicalNot, ///< !x, operand Bool, result Bool
};

struct UnaryExpr : Expr {
    UnaryOp op;
    ExprPtr operand;
    UnaryExpr(UnaryOp op, ExprPtr operand, ScalarType type, SourceLocation loc)
        : Expr(ExprKind::Unary, type, loc), op(op), operand(std::move(operand)) {}
};

/// Arithmetic and bitwise operators. Both operands have the result's type (for shifts Sema has
/// converted the right operand to the left operand's type). Integer division and remainder
/// truncate toward zero as in C; division by zero is the target's business, as in CUDA.
enum class BinaryOp : std::uint8_t { Add, Sub, Mul, Div, Rem, Shl, Shr, BitAnd, BitOr, BitXor };

struct BinaryExpr : Expr {
    BinaryOp op;
    ExprPtr lhs, rhs;
    BinaryExpr(BinaryOp op, ExprPtr lhs, ExprPtr rhs, ScalarType type, SourceLocation loc)
        : Expr(ExprKind::Binary, type, loc), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
};

enum class CompareOp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

/// Operands have one common type (`lhs->type`); the result is Bool. Floating compares are
/// ordered except Ne, which is true for NaN, as in C.
struct CompareExpr : Expr {
    CompareOp op;
    ExprPtr lhs, rhs;
    CompareExpr(CompareOp op, ExprPtr lhs, ExprPtr rhs, SourceLocation loc)
        : Expr(ExprKind::Compare, ScalarType::Bool, loc), op(op), lhs(std::move(lhs)),
          rhs(std::move(rhs)) {}
};

enum class LogicalOp : std::uint8_t { And, Or };

struct LogicalExpr : Expr {
    LogicalOp op;
    ExprPtr lhs, rhs; ///< both Bool
    LogicalExpr(LogicalOp op, ExprPtr lhs, ExprPtr rhs, SourceLocation loc)
        : Expr(ExprKind::Logical, ScalarType::Bool, loc), op(op), lhs(std::move(lhs)),
          rhs(std::move(rhs)) {}
};

struct SelectExpr : Expr {
    ExprPtr condition;         ///< Bool
    ExprPtr if_true, if_false; ///< both of the result type; only the chosen one is evaluated
    SelectExpr(ExprPtr condition, ExprPtr if_true, ExprPtr if_false, ScalarType type,
               SourceLocation loc)
        : Expr(ExprKind::Select, type, loc), condition(std::move(condition)),
          if_true(std::move(if_true)), if_false(std::move(if_false)) {}
};

/// A conversion with C's meaning: float to integer truncates toward zero, integer to bool and
/// float to bool compare with zero, narrowing integers wraps.
struct CastExpr : Expr {
    ExprPtr operand;
    CastExpr(ExprPtr operand, ScalarType to, SourceLocation loc)
        : Expr(ExprKind::Cast, to, loc), operand(std::move(operand)) {}
};

/// Math functions of CUDA's library. Sema picks the operand type (Float32 or Float64 for the
/// floating functions, which is also the result type; Float16/BFloat16 arguments are computed in
/// Float32; integer arguments in Float64, as C++'s <cmath> overloads do). Abs, Min and Max also
/// exist for integer types, and Mulhi only for them. The predicates (IsNan, IsInf, IsFinite,
/// SignBit) return Bool. FastSin, FastCos, FastLog and FastExp compute in Float32. The
/// reinterpretations (FloatAsUint ...) have a fixed operand and result type (reinterpret_types).
/// One enumerator per line of Builtins.def, in its order; that file also says how each is lowered.
enum class Builtin : std::uint8_t {
#define BUILTIN(Name, ...) Name,
#include "compiler/kir/Builtins.def"
};

/// How Sema chooses a builtin's operand type (the Category column of Builtins.def).
enum class BuiltinCategory : std::uint8_t {
    Floating,       ///< computes in float32 or float64, returns the operand type
    Predicate,      ///< isnan and friends: a floating operand, returns bool
    IntegerOrFloat, ///< abs, min, max: integer operands stay integer, else as Floating
    Integer,        ///< mulhi: integer operands only (32 or 64 bits after promotion)
    Approximate,    ///< __sinf, __cosf, __logf, __expf: float32, approximate on the GPU
    Reinterpret,    ///< __float_as_uint ...: the operand's bits as the result type (same width)
};

/// The fixed operand and result types of a Reinterpret builtin (__float_as_uint: float32 and
/// uint32; __longlong_as_double: int64 and float64).
struct ReinterpretTypes {
    ScalarType operand;
    ScalarType result;
};

/// The types of a Reinterpret builtin; std::nullopt for any other.
std::optional<ReinterpretTypes> reinterpret_types(Builtin builtin);

/// The source spelling ("atan2").
std::string_view builtin_name(Builtin builtin);

struct CallExpr : Expr {
    Builtin builtin;
    std::vector<ExprPtr> args; ///< each of the builtin's operand type
    CallExpr(Builtin builtin, std::vector<ExprPtr> args, ScalarType type, SourceLocation loc)
        : Expr(ExprKind::Call, type, loc), builtin(builtin), args(std::move(args)) {}
};

/// `target = value` or `target op= value`. For plain assignment `value` has the target's type.
/// For a compound assignment the target is read once, converted to `compute_type` (which is also
/// `value`'s type), combined with `value` by `compound_op`, converted back and stored; the target
/// (and any index in it) is evaluated once. The expression's value is the stored value.
struct AssignExpr : Expr {
    ExprPtr target; ///< ParamRef (output), LocalRef (non-const), or RawElement (output)
    ExprPtr value;
    std::optional<BinaryOp> compound_op;
    ScalarType compute_type;
    AssignExpr(ExprPtr target, ExprPtr value, std::optional<BinaryOp> compound_op,
               ScalarType compute_type, SourceLocation loc)
        : Expr(ExprKind::Assign, target->type, loc), target(std::move(target)),
          value(std::move(value)), compound_op(compound_op), compute_type(compute_type) {}
};

/// ++x, --x, x++, x--. The value is the new value (prefix) or the old one (postfix).
struct IncDecExpr : Expr {
    ExprPtr target;
    bool is_increment;
    bool is_prefix;
    IncDecExpr(ExprPtr target, bool is_increment, bool is_prefix, SourceLocation loc)
        : Expr(ExprKind::IncDec, target->type, loc), target(std::move(target)),
          is_increment(is_increment), is_prefix(is_prefix) {}
};

// ----- Jit-style kernels -----------------------------------------------------------------------

/// The special registers a jit-style kernel reads. `grid(n)`, `gridsize(n)` and `warpSize` are
/// built from these (and constants) by Sema.
enum class GridValue : std::uint8_t {
    ThreadIdxX,
    ThreadIdxY,
    ThreadIdxZ,
    BlockIdxX,
    BlockIdxY,
    BlockIdxZ,
    BlockDimX,
    BlockDimY,
    BlockDimZ,
    GridDimX,
    GridDimY,
    GridDimZ,
    LaneId,
};

/// "threadIdx.x", "laneid()".
std::string_view grid_value_name(GridValue value);

struct GridValueExpr : Expr {
    GridValue value;
    GridValueExpr(GridValue value, SourceLocation loc)
        : Expr(ExprKind::GridValue, ScalarType::UInt32, loc), value(value) {}
};

enum class ArrayProperty : std::uint8_t {
    Size,   ///< `x.size`: the number of elements
    Extent, ///< `x.shape[k]`
    Stride, ///< `x.strides[k]`: in bytes, as CuPy's
};

/// `x.size`, `x.shape[axis]` or `x.strides[axis]` of array parameter `param_index` (Int64).
/// `axis` is in [0, rank) for Extent and Stride.
struct ArrayPropertyExpr : Expr {
    int param_index;
    ArrayProperty property;
    int axis;
    ArrayPropertyExpr(int param_index, ArrayProperty property, int axis, SourceLocation loc)
        : Expr(ExprKind::ArrayProperty, ScalarType::Int64, loc), param_index(param_index),
          property(property), axis(axis) {}
};

/// Element `index` (Int64) of a shared array (a Variable with is_shared()).
struct SharedElementExpr : Expr {
    const Variable* array;
    ExprPtr index;
    SharedElementExpr(const Variable* array, ExprPtr index, SourceLocation loc)
        : Expr(ExprKind::SharedElement, array->type, loc), array(array), index(std::move(index)) {}
};

enum class AtomicOp : std::uint8_t { Add, Sub, Min, Max, Exch, Cas, And, Or, Xor };

/// "atomic_add", ...
std::string_view atomic_name(AtomicOp op);

/// An atomic read-modify-write of one element, relaxed and device-wide as CUDA's atomicAdd; the
/// value is the element's old value. `target` is a RawElement (an array parameter's element) or
/// a SharedElement; `value` (and `compare`, for Cas: atomicCAS(address, compare, value)) have
/// the element's type. Sema allows Add and Sub on integers of 32 and 64 bits and on float32 and
/// float64, Exch and Cas on 32- and 64-bit types, the others on 32- and 64-bit integers.
struct AtomicExpr : Expr {
    AtomicOp op;
    ExprPtr target;
    ExprPtr value;
    ExprPtr compare; ///< Cas only
    AtomicExpr(AtomicOp op, ExprPtr target, ExprPtr value, ExprPtr compare, SourceLocation loc)
        : Expr(ExprKind::Atomic, target->type, loc), op(op), target(std::move(target)),
          value(std::move(value)), compare(std::move(compare)) {}
};

enum class ShuffleOp : std::uint8_t { Idx, Up, Down, Xor };

/// "shfl_sync", "shfl_up_sync", ...
std::string_view shuffle_name(ShuffleOp op);

/// CUDA's __shfl_*_sync(mask, value, lane_or_delta, width): `mask` is UInt32, `lane` and
/// `width` Int32; the result has `value`'s type (any scalar type; 64-bit ones move in two
/// halves).
struct ShuffleExpr : Expr {
    ShuffleOp op;
    ExprPtr mask, value, lane, width;
    ShuffleExpr(ShuffleOp op, ExprPtr mask, ExprPtr value, ExprPtr lane, ExprPtr width,
                SourceLocation loc)
        : Expr(ExprKind::Shuffle, value->type, loc), op(op), mask(std::move(mask)),
          value(std::move(value)), lane(std::move(lane)), width(std::move(width)) {}
};

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

enum class StmtKind : std::uint8_t {
    Block,
    Decl,
    ExprStmt,
    If,
    For,
    While,
    DoWhile,
    Break,
    Continue,
    // Jit-style kernels only:
    Sync,   ///< syncthreads(), syncwarp(mask)
    Return, ///< `return;`: the thread is done
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

/// Declares one variable; `int a = 1, b;` becomes two DeclStmts.
struct DeclStmt : Stmt {
    const Variable* variable;
    ExprPtr init; ///< of the variable's type, or null (the value is then unspecified)
    DeclStmt(const Variable* variable, ExprPtr init, SourceLocation loc)
        : Stmt(StmtKind::Decl, loc), variable(variable), init(std::move(init)) {}
};

struct ExprStmt : Stmt {
    ExprPtr expr;
    ExprStmt(ExprPtr expr, SourceLocation loc)
        : Stmt(StmtKind::ExprStmt, loc), expr(std::move(expr)) {}
};

struct IfStmt : Stmt {
    ExprPtr condition; ///< Bool
    StmtPtr then_branch;
    StmtPtr else_branch; ///< may be null
    IfStmt(ExprPtr condition, StmtPtr then_branch, StmtPtr else_branch, SourceLocation loc)
        : Stmt(StmtKind::If, loc), condition(std::move(condition)),
          then_branch(std::move(then_branch)), else_branch(std::move(else_branch)) {}
};

struct ForStmt : Stmt {
    StmtPtr init;      ///< Decl or ExprStmt, may be null
    ExprPtr condition; ///< Bool, may be null (forever)
    ExprPtr step;      ///< may be null
    StmtPtr body;
    LoopUnroll unroll; ///< from `#pragma unroll`: the back end's loop metadata
    explicit ForStmt(SourceLocation loc) : Stmt(StmtKind::For, loc) {}
};

struct WhileStmt : Stmt {
    ExprPtr condition; ///< Bool
    StmtPtr body;
    LoopUnroll unroll;
    WhileStmt(ExprPtr condition, StmtPtr body, SourceLocation loc)
        : Stmt(StmtKind::While, loc), condition(std::move(condition)), body(std::move(body)) {}
};

struct DoWhileStmt : Stmt {
    StmtPtr body;
    ExprPtr condition; ///< Bool
    LoopUnroll unroll;
    DoWhileStmt(StmtPtr body, ExprPtr condition, SourceLocation loc)
        : Stmt(StmtKind::DoWhile, loc), body(std::move(body)), condition(std::move(condition)) {}
};

/// `break` and `continue` inside a loop of the body. `continue` outside any loop of the body ends
/// the current element (as in CuPy, whose body sits inside the element loop).
struct BreakStmt : Stmt {
    explicit BreakStmt(SourceLocation loc) : Stmt(StmtKind::Break, loc) {}
};
struct ContinueStmt : Stmt {
    explicit ContinueStmt(SourceLocation loc) : Stmt(StmtKind::Continue, loc) {}
};

/// `syncthreads()` (a barrier of the block, with its memory ordering) or `syncwarp(mask)`.
struct SyncStmt : Stmt {
    bool warp;
    ExprPtr mask; ///< UInt32; syncwarp only
    SyncStmt(bool warp, ExprPtr mask, SourceLocation loc)
        : Stmt(StmtKind::Sync, loc), warp(warp), mask(std::move(mask)) {}
};

struct ReturnStmt : Stmt {
    explicit ReturnStmt(SourceLocation loc) : Stmt(StmtKind::Return, loc) {}
};

// ---------------------------------------------------------------------------------------------
// Kernels and the module
// ---------------------------------------------------------------------------------------------

/// A type placeholder of a generic kernel (`T` in `<T: float32 | float64>`).
struct Placeholder {
    std::string name;
    std::vector<ScalarType> allowed; ///< the types it is compiled for, in the order written
    SourceLocation loc;
};

/// A parameter as declared, before instantiation: a fixed type or a placeholder.
struct ParamSignature {
    std::string name;
    std::variant<ScalarType, int> type; ///< a fixed type, or an index into `placeholders`
    ParamRole role = ParamRole::Input;
    bool is_raw = false;
    SourceLocation loc;
    bool is_scalar = false; ///< reductions: `scalar T p`
    bool is_post = false;   ///< reductions: read by post at the output's coordinates (Param)
    int rank = 0;           ///< jit-style arrays, as Param::rank
    /// A fused function's output whose type follows the instance in no simpler way (neither
    /// fixed nor a placeholder's): its type in each instance, in instance order; else empty.
    std::vector<ScalarType> instance_types;
};

/// One instantiation of an elementwise kernel: concrete types, a checked body, a symbol.
struct ElementwiseInstance {
    /// The device/host symbol: the kernel's name, then "__" and the numpy names of the bindings
    /// joined by "_" ("squared_diff_generic__float32"); just the name for a non-generic kernel.
    std::string symbol;
    std::vector<ScalarType> bindings; ///< one per placeholder, in declaration order
    std::vector<Param> params;        ///< inputs then outputs, each in declaration order
    std::vector<std::unique_ptr<Variable>> locals;
    std::unique_ptr<BlockStmt> body;
};

/// language.md section 1: `elementwise name<T: ...>(inputs) -> (outputs) { body }`.
struct ElementwiseKernel {
    std::string name;
    SourceLocation loc;
    std::vector<Placeholder> placeholders;
    std::vector<ParamSignature> params; ///< inputs then outputs, as declared
    /// One per element of the cartesian product of the placeholders' allowed types, in order
    /// (the last placeholder varies fastest). A non-generic kernel has exactly one.
    std::vector<ElementwiseInstance> instances;
};

// ---------------------------------------------------------------------------------------------
// Reduction kernels
// ---------------------------------------------------------------------------------------------

/// One instantiation of a reduction kernel. Its four pieces, for code generation:
///
/// - `map`: a pure expression of `reduce_type`, evaluated once per element of the reduction's
///   input (the array inputs broadcast together). Its leaves are ParamRef of inputs (an array
///   input: its element at that position; a scalar input: its value), InputSize, OutputSize and
///   constants. It has no Assign or IncDec, so it can be emitted as a function
///   `reduce_type map(element of each array input, each scalar input, sizes)`.
/// - `reduce`: a pure expression of `reduce_type` whose only leaves are ReduceOperand 0 (`a`) and
///   1 (`b`), both of `reduce_type`, and constants: a binary combine `reduce_type(a, b)`. CuPy's
///   contract holds: it is taken to be associative and commutative, so partial results may be
///   combined in any order and tree shape (per thread, warp shuffles, across blocks).
/// - `identity`: a constant expression of `reduce_type` (constants, casts, operators, math
///   calls; no parameters), or null for a reduction without one (`identity: none`). With an
///   identity every partial result may start from it, and an output whose reduction is empty
///   (a zero-length reduced axis) is `post` applied to it. Without one, a partial result starts
///   from its first mapped element, and an empty reduction is an error at run time (CuPy:
///   "zero-size array to reduction operation ... which has no identity").
/// - `post`: statements run once per output element, after its reduction: ReduceOperand 0 (`a`)
///   is the reduced value; ParamRef of an output is that output's element (an lvalue: Assign
///   targets are outputs and post's locals); ParamRef of a scalar input is its value; InputSize
///   and OutputSize are available; `locals` are post's. ParamRef of a post array (Param::is_post)
///   is its element at the output element's coordinates. `break` and `continue` appear only inside
///   post's own loops. A finalizer `void post(reduce_type a, output element refs, scalars)`.
///
/// No piece reads an array input outside `map` (post arrays: only in `post`), and no piece but
/// `post` touches an output.
/// Component 1, 2, ... of a tuple reduce type (a fused function with several independent
/// reductions over the same axes, reduced in one pass): its own type, identity, map and combine.
/// `identity`, `map` and `reduce` read `a`, `b` and the inputs as ReductionInstance's do (its
/// map after the instance's map_prelude); post reads it as ReduceOperand 0 with this component.
struct ReductionComponent {
    ScalarType reduce_type = ScalarType::Float32;
    ExprPtr identity; ///< null only when the instance's component 0 has none too
    ExprPtr map;
    ExprPtr reduce;
};

struct ReductionInstance {
    /// As ElementwiseInstance::symbol: "l2norm__float32", or the name of a non-generic kernel.
    std::string symbol;
    std::vector<ScalarType> bindings; ///< one per placeholder, in declaration order
    std::vector<Param> params;        ///< inputs then outputs, each in declaration order
    ScalarType reduce_type = ScalarType::Float32; ///< the type of `a`, `b` and every partial result
    ExprPtr identity;                             ///< null: no identity
    ExprPtr map;
    /// A fused function's statements computing map's temporaries (the NumPy chain before its
    /// reduction), run before `map` for every element; null for reduction kernels.
    std::unique_ptr<BlockStmt> map_prelude;
    ExprPtr reduce;
    std::vector<std::unique_ptr<Variable>> locals; ///< declared in `map_prelude` or `post`
    std::unique_ptr<BlockStmt> post;
    /// map reads ReducePosition (`_J`): the plan carries the position operand (KernelAbi.h).
    bool uses_position = false;
    /// A tuple reduce type: the components after component 0 (reduce_type, identity, map,
    /// reduce above); empty for every reduction kernel and a fused function with one reduction.
    std::vector<ReductionComponent> more_components;
};

/// language.md section 2: `reduction name<T: ...>(inputs) -> (outputs) { identity: ...; map: ...;
/// reduce: ...; post: ...; type: ...; }`.
struct ReductionKernel {
    std::string name;
    SourceLocation loc;
    std::vector<Placeholder> placeholders;
    std::vector<ParamSignature> params; ///< inputs then outputs, as declared
    /// The reduce type as declared by `type:` (a fixed type or an index into `placeholders`), or,
    /// without that clause, the first output's type (CuPy's default reduce_type).
    std::variant<ScalarType, int> reduce_type = ScalarType::Float32;
    bool reduce_type_declared = false; ///< written with `type:`
    bool post_is_default = false;      ///< no `post` clause: the one output is assigned `a`
    /// A fused function's reduction (`fuse f(x) = sum(x, axis=-1)`): the axes and keepdims its
    /// definition fixes, so that its C++ function takes no `axis` or `keepdims`.
    struct FusedAxes {
        std::optional<std::vector<int>> axes; ///< nullopt: every axis
        bool keepdims = false;
    };
    std::optional<FusedAxes> fused;
    /// One per element of the cartesian product of the placeholders' allowed types, in order (the
    /// last placeholder varies fastest). A non-generic kernel has exactly one.
    std::vector<ReductionInstance> instances;
};

// ---------------------------------------------------------------------------------------------
// Jit-style kernels
// ---------------------------------------------------------------------------------------------

/// One instantiation of a jit-style kernel. Its parameters are all ParamRole::Input: an array
/// (`T[] x`, `T[:, :] x`) has `is_raw` set (indexed by RawElement, assignable, `x.size` and
/// `x.shape[k]` by ArrayProperty), a
/// scalar is read by ParamRef. The body runs once per thread of the launch; GridValue gives the
/// thread's coordinates. Shared arrays are `locals` with is_shared().
struct GridKernelInstance {
    std::string symbol; ///< as ElementwiseInstance::symbol
    std::vector<ScalarType> bindings;
    std::vector<Param> params; ///< in declaration order
    std::vector<std::unique_ptr<Variable>> locals;
    std::unique_ptr<BlockStmt> body;
    /// Empty when the body runs on the host target (barriers, shared memory and shuffles do:
    /// GridBarrierRegions.cpp); otherwise what keeps it on the GPU (a shuffle inside another
    /// shuffle's operands), for the launcher's message.
    std::string gpu_only_feature;
};

/// language.md section 3: `kernel name<T: ...>(params) { body }`.
/// A jit-style kernel made from a fused function with several reductions over one axis
/// (compiler/sema/FusePersistent.h): a block per row of its inputs seen as (rows, length).
struct FusedRows {
    std::string function;        ///< the fused function's name (the kernel's is `NAME__rows`)
    int axis = -1;               ///< the reduced axis as written (negative: from the end)
    bool keepdims = false;       ///< a result of the reduced shape keeps the axis with extent 1
    bool full_result = false;    ///< the result has the inputs' shape (else one value per row)
    bool needs_elements = false; ///< min or max: a row of no elements is a ValueError
    std::vector<std::string> reductions; ///< in the order the passes run
    /// A kernel holding each row in registers (GPU only), `slots` elements per thread: a warp
    /// per row (rows up to 32 * slots) or a block per row (up to blockDim.x * slots).
    struct Variant {
        std::string kernel;
        bool by_warp = true;
        int slots = 1;
    };
    std::vector<Variant> variants; ///< shortest rows first; this kernel takes the rest
};

struct GridKernel {
    std::string name;
    SourceLocation loc;
    std::vector<Placeholder> placeholders;
    std::vector<ParamSignature> params;        ///< arrays have is_raw set
    std::vector<GridKernelInstance> instances; ///< as ElementwiseKernel::instances
    std::optional<FusedRows> fused_rows;       ///< set for a persistent fused function
};

/// Instances per device image: a module of more instances is compiled as several images, each
/// its own fatbin and CUmodule (compiler/target/KernelParts.h, split_into_image_groups), so that
/// the CUDA tools that join an image (nvlink, fatbinary) hold one group of parts at a time.
inline constexpr std::size_t kDefaultImageGroupSize = 1024;

struct Module {
    std::string name;        ///< the C++ namespace of the generated code
    std::string source_path; ///< the .dsl file as given on the command line
    /// At most this many instances per device image (0: one image whatever the count); the
    /// driver and the header generator both derive the images from it.
    std::size_t image_group_size = kDefaultImageGroupSize;
    std::vector<ElementwiseKernel> elementwise;
    std::vector<ReductionKernel> reductions;
    std::vector<RawCudaUnit> raw_cuda; ///< compiler/kir/RawCuda.h
    std::vector<GridKernel> grid_kernels;
};

} // namespace gpucc::kir
