// The builtins of jit-style kernels (language.md section 3, after cupyx.jit): the thread's
// coordinates (`threadIdx blockIdx blockDim gridDim` with .x .y .z, `warpSize`, `laneid()`,
// `grid(n)` and `gridsize(n)` as cupyx.jit and Numba define them), shared
// arrays, `syncthreads()` and `syncwarp()`, the atomics on `&x[i]` and the warp shuffles. In the
// other kinds of kernel each of these names is an error that says where it belongs. `grid(n)`
// and `gridsize(n)` become arithmetic on the coordinates here; code generation sees only
// GridValue, SharedElement, Atomic, Shuffle and Sync nodes.
#include "compiler/diag/InternalError.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/TypeRules.h"

#include <array>

namespace gpucc::sema {
namespace {

/// threadIdx, blockIdx, blockDim, gridDim: the index of the first of their three GridValues.
std::optional<int> grid_object(std::string_view name) {
    static constexpr std::array<std::string_view, 4> kObjects = {"threadIdx", "blockIdx",
                                                                 "blockDim", "gridDim"};
    for (std::size_t k = 0; k < kObjects.size(); ++k) {
        if (name == kObjects[k]) {
            return static_cast<int>(3 * k);
        }
    }
    return std::nullopt;
}

/// 0, 1, 2 for x, y, z.
std::optional<int> dimension_of(std::string_view member) {
    if (member.size() == 1 && member[0] >= 'x' && member[0] <= 'z') {
        return member[0] - 'x';
    }
    return std::nullopt;
}

std::optional<kir::AtomicOp> atomic_of(std::string_view name) {
    using kir::AtomicOp;
    static constexpr std::array<std::pair<std::string_view, AtomicOp>, 9> kAtomics = {{
        {"atomic_add", AtomicOp::Add},
        {"atomic_sub", AtomicOp::Sub},
        {"atomic_min", AtomicOp::Min},
        {"atomic_max", AtomicOp::Max},
        {"atomic_exch", AtomicOp::Exch},
        {"atomic_cas", AtomicOp::Cas},
        {"atomic_and", AtomicOp::And},
        {"atomic_or", AtomicOp::Or},
        {"atomic_xor", AtomicOp::Xor},
    }};
    for (const auto& [spelling, op] : kAtomics) {
        if (name == spelling) {
            return op;
        }
    }
    return std::nullopt;
}

std::optional<kir::ShuffleOp> shuffle_of(std::string_view name) {
    using kir::ShuffleOp;
    if (name == "shfl_sync") {
        return ShuffleOp::Idx;
    }
    if (name == "shfl_up_sync") {
        return ShuffleOp::Up;
    }
    if (name == "shfl_down_sync") {
        return ShuffleOp::Down;
    }
    if (name == "shfl_xor_sync") {
        return ShuffleOp::Xor;
    }
    return std::nullopt;
}

bool is_grid_function(std::string_view name) {
    return name == "syncthreads" || name == "syncwarp" || name == "laneid" || name == "grid" ||
           name == "gridsize" || atomic_of(name) || shuffle_of(name);
}

kir::ExprPtr grid_value(int value, SourceLocation loc) {
    return std::make_unique<kir::GridValueExpr>(static_cast<kir::GridValue>(value), loc);
}

kir::ExprPtr unsigned_constant(std::uint64_t value, ScalarType type, SourceLocation loc) {
    auto constant = std::make_unique<kir::ConstantExpr>(type, loc);
    constant->int_bits = value;
    return constant;
}

/// The element types an atomic takes, for its check and its message.
bool atomic_accepts(kir::AtomicOp op, ScalarType type) {
    bool integer32_64 = type == ScalarType::Int32 || type == ScalarType::UInt32 ||
                        type == ScalarType::Int64 || type == ScalarType::UInt64;
    bool float32_64 = type == ScalarType::Float32 || type == ScalarType::Float64;
    switch (op) {
    case kir::AtomicOp::Add:
    case kir::AtomicOp::Sub:
    case kir::AtomicOp::Exch:
    case kir::AtomicOp::Cas:
        return integer32_64 || float32_64;
    default:
        return integer32_64;
    }
}

std::string_view atomic_types(kir::AtomicOp op) {
    return atomic_accepts(op, ScalarType::Float32)
               ? "int32, uint32, int64, uint64, float32 and float64"
               : "int32, uint32, int64 and uint64";
}

} // namespace

/// The value of an integer constant expression (literals, casts, + - * / % << >> and unary -),
/// or nullopt.
std::optional<std::int64_t> constant_integer(const kir::Expr& expr) {
    switch (expr.kind) {
    case kir::ExprKind::Constant:
        if (!is_integral_or_bool(expr.type)) {
            return std::nullopt;
        }
        return static_cast<std::int64_t>(static_cast<const kir::ConstantExpr&>(expr).int_bits);
    case kir::ExprKind::Cast: {
        const auto& cast = static_cast<const kir::CastExpr&>(expr);
        return is_integral_or_bool(expr.type) ? constant_integer(*cast.operand) : std::nullopt;
    }
    case kir::ExprKind::Unary: {
        const auto& unary = static_cast<const kir::UnaryExpr&>(expr);
        std::optional<std::int64_t> operand = constant_integer(*unary.operand);
        if (!operand || unary.op != kir::UnaryOp::Neg) {
            return std::nullopt;
        }
        return -*operand;
    }
    case kir::ExprKind::Binary: {
        const auto& binary = static_cast<const kir::BinaryExpr&>(expr);
        std::optional<std::int64_t> lhs = constant_integer(*binary.lhs);
        std::optional<std::int64_t> rhs = constant_integer(*binary.rhs);
        constexpr std::int64_t kLimit = std::int64_t{1} << 31;
        if (!lhs || !rhs || *lhs < -kLimit || *lhs > kLimit || *rhs < -kLimit || *rhs > kLimit) {
            return std::nullopt;
        }
        switch (binary.op) {
        case kir::BinaryOp::Add:
            return *lhs + *rhs;
        case kir::BinaryOp::Sub:
            return *lhs - *rhs;
        case kir::BinaryOp::Mul:
            return *lhs * *rhs;
        case kir::BinaryOp::Div:
            return *rhs != 0 ? std::optional<std::int64_t>(*lhs / *rhs) : std::nullopt;
        case kir::BinaryOp::Rem:
            return *rhs != 0 ? std::optional<std::int64_t>(*lhs % *rhs) : std::nullopt;
        case kir::BinaryOp::Shl:
            return *rhs >= 0 && *rhs < 32 ? std::optional<std::int64_t>(*lhs << *rhs)
                                          : std::nullopt;
        case kir::BinaryOp::Shr:
            return *rhs >= 0 && *rhs < 32 ? std::optional<std::int64_t>(*lhs >> *rhs)
                                          : std::nullopt;
        default:
            return std::nullopt;
        }
    }
    default:
        return std::nullopt;
    }
}

bool BodyChecker::check_argument_count(const ast::CallExpr& call, std::string_view name,
                                       std::size_t least, std::size_t most) {
    if (call.args.size() >= least && call.args.size() <= most) {
        return true;
    }
    auto count = [](std::size_t n) {
        return std::to_string(n) + (n == 1 ? " argument" : " arguments");
    };
    std::string expected = least == most       ? count(least)
                           : least + 1 == most ? std::to_string(least) + " or " + count(most)
                                               : std::to_string(least) + " to " + count(most);
    std::string given =
        std::to_string(call.args.size()) + (call.args.size() == 1 ? " was" : " were");
    diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::WrongArgumentCount, name,
                  expected, given);
    return false;
}

kir::ExprPtr BodyChecker::check_index_value(const ast::Expr& expr) {
    kir::ExprPtr index = check_expression(expr);
    if (!index) {
        return nullptr;
    }
    if (is_floating(index->type)) {
        diags_.report(SourceSpan(expr.loc, 1), DiagKind::IndexNotInteger, index->type);
        return nullptr;
    }
    return convert(std::move(index), ScalarType::Int64);
}

std::optional<kir::ExprPtr> BodyChecker::check_grid_name(const ast::NameExpr& name) {
    SourceSpan span(name.loc, length_of(name.name));
    bool is_object = grid_object(name.name).has_value();
    if (!is_object && name.name != "warpSize") {
        return std::nullopt;
    }
    if (!in_grid_kernel()) {
        diags_.report(span, DiagKind::GridBuiltinOutsideKernel, name.name);
        return kir::ExprPtr();
    }
    if (is_object) {
        diags_.report(span, DiagKind::GridObjectAlone, name.name);
        return kir::ExprPtr();
    }
    auto constant = std::make_unique<kir::ConstantExpr>(ScalarType::Int32, name.loc);
    constant->int_bits = 32; // CUDA's warpSize is an int
    return kir::ExprPtr(std::move(constant));
}

std::optional<kir::ExprPtr> BodyChecker::check_grid_member(const ast::MemberExpr& member) {
    SourceSpan member_span(member.loc, length_of(member.member));
    if (member.object->kind == ast::ExprKind::Call) {
        // grid(n).x, gridsize(n).y
        const auto& call = static_cast<const ast::CallExpr&>(*member.object);
        const auto* callee = call.callee->kind == ast::ExprKind::Name
                                 ? static_cast<const ast::NameExpr*>(call.callee.get())
                                 : nullptr;
        if (callee == nullptr || (callee->name != "grid" && callee->name != "gridsize") ||
            find_local(callee->name) != nullptr || find_param(callee->name) >= 0) {
            return std::nullopt;
        }
        if (!in_grid_kernel()) {
            diags_.report(SourceSpan(callee->loc, length_of(callee->name)),
                          DiagKind::GridBuiltinOutsideKernel, callee->name + "()");
            return kir::ExprPtr();
        }
        std::optional<int> dim = dimension_of(member.member);
        if (!dim) {
            const ast::Expr* arg = call.args.size() == 1 ? call.args[0].get() : nullptr;
            std::string count = arg != nullptr && arg->kind == ast::ExprKind::IntegerLiteral
                                    ? static_cast<const ast::IntegerLiteralExpr*>(arg)->spelling
                                    : "...";
            diags_.report(member_span, DiagKind::GridTupleMember, callee->name, count,
                          member.member);
            return kir::ExprPtr();
        }
        return check_grid_position(call, callee->name == "gridsize", *dim);
    }
    if (member.object->kind != ast::ExprKind::Name) {
        return std::nullopt;
    }
    const auto& object = static_cast<const ast::NameExpr&>(*member.object);
    if (find_local(object.name) != nullptr) {
        if (in_grid_kernel()) {
            diags_.report(member_span, DiagKind::MemberOfNonArray, object.name);
            return kir::ExprPtr();
        }
        return std::nullopt;
    }
    if (int param = find_param(object.name); param >= 0) {
        if (!in_grid_kernel()) {
            return std::nullopt;
        }
        const kir::Param& info = params_[static_cast<std::size_t>(param)];
        if (!info.is_raw) {
            diags_.report(member_span, DiagKind::MemberOfNonArray, object.name);
            return kir::ExprPtr();
        }
        return check_array_member(param, member);
    }
    std::optional<int> first = grid_object(object.name);
    if (!first) {
        return std::nullopt;
    }
    if (!in_grid_kernel()) {
        diags_.report(SourceSpan(object.loc, length_of(object.name)),
                      DiagKind::GridBuiltinOutsideKernel, object.name);
        return kir::ExprPtr();
    }
    std::optional<int> dim = dimension_of(member.member);
    if (!dim) {
        diags_.report(member_span, DiagKind::GridObjectMember, object.name, member.member);
        return kir::ExprPtr();
    }
    return grid_value(*first + *dim, member.loc);
}

kir::ExprPtr BodyChecker::check_grid_position(const ast::CallExpr& call, bool size, int dim) {
    std::string name = size ? "gridsize" : "grid";
    if (!check_argument_count(call, name, 1, 1)) {
        return nullptr;
    }
    const ast::Expr& arg = *call.args[0];
    const auto* literal = arg.kind == ast::ExprKind::IntegerLiteral
                              ? static_cast<const ast::IntegerLiteralExpr*>(&arg)
                              : nullptr;
    if (literal == nullptr || literal->value < 1 || literal->value > 3) {
        diags_.report(SourceSpan(arg.loc, 1), DiagKind::GridDimsArgument, name);
        return nullptr;
    }
    int dims = static_cast<int>(literal->value);
    if (dim < 0 && dims > 1) {
        diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::GridTupleAlone, name,
                      std::to_string(dims), dims == 3 ? ", '.z'" : "");
        return nullptr;
    }
    dim = dim < 0 ? 0 : dim;
    if (dim >= dims) {
        diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::GridTupleMember, name,
                      std::to_string(dims), std::string(1, static_cast<char>('x' + dim)));
        return nullptr;
    }
    auto value = [&](int first) { return grid_value(first + dim, call.loc); };
    constexpr int kThreadIdx = 0, kBlockIdx = 3, kBlockDim = 6, kGridDim = 9;
    if (size) { // blockDim * gridDim
        return std::make_unique<kir::BinaryExpr>(kir::BinaryOp::Mul, value(kBlockDim),
                                                 value(kGridDim), ScalarType::UInt32, call.loc);
    }
    // blockIdx * blockDim + threadIdx
    auto product = std::make_unique<kir::BinaryExpr>(
        kir::BinaryOp::Mul, value(kBlockIdx), value(kBlockDim), ScalarType::UInt32, call.loc);
    return std::make_unique<kir::BinaryExpr>(kir::BinaryOp::Add, std::move(product),
                                             value(kThreadIdx), ScalarType::UInt32, call.loc);
}

std::optional<kir::ExprPtr> BodyChecker::check_grid_call(const ast::CallExpr& call,
                                                         std::string_view name) {
    if (!is_grid_function(name)) {
        return std::nullopt;
    }
    SourceSpan span(call.loc, length_of(name));
    if (!in_grid_kernel()) {
        diags_.report(span, DiagKind::GridBuiltinOutsideKernel, std::string(name) + "()");
        return kir::ExprPtr();
    }
    if (name == "syncthreads" || name == "syncwarp") {
        diags_.report(span, DiagKind::SyncInExpression, name);
        return kir::ExprPtr();
    }
    if (name == "laneid") {
        if (!check_argument_count(call, name, 0, 0)) {
            return kir::ExprPtr();
        }
        return grid_value(static_cast<int>(kir::GridValue::LaneId), call.loc);
    }
    if (name == "grid" || name == "gridsize") {
        return check_grid_position(call, name == "gridsize", -1);
    }
    if (std::optional<kir::AtomicOp> op = atomic_of(name)) {
        return check_atomic(call, *op);
    }
    std::optional<kir::ShuffleOp> op = shuffle_of(name);
    GPUCC_CHECK(op, "is_grid_function lists nothing else");
    return check_shuffle(call, *op);
}

bool BodyChecker::check_sync_statement(const ast::ExprStmt& stmt, std::vector<kir::StmtPtr>& out) {
    if (!in_grid_kernel() || stmt.expr->kind != ast::ExprKind::Call) {
        return false;
    }
    const auto& call = static_cast<const ast::CallExpr&>(*stmt.expr);
    if (call.callee->kind != ast::ExprKind::Name) {
        return false;
    }
    const std::string& name = static_cast<const ast::NameExpr&>(*call.callee).name;
    bool warp = name == "syncwarp";
    if ((!warp && name != "syncthreads") || find_local(name) != nullptr || find_param(name) >= 0) {
        return false;
    }
    if (!check_argument_count(call, name, 0, warp ? 1 : 0)) {
        return true;
    }
    kir::ExprPtr mask;
    if (warp) {
        if (call.args.empty()) {
            mask = unsigned_constant(0xffffffffU, ScalarType::UInt32, call.loc);
        } else {
            mask = check_expression(*call.args[0]);
            if (!mask) {
                return true;
            }
            mask = convert(std::move(mask), ScalarType::UInt32);
        }
    }
    out.push_back(std::make_unique<kir::SyncStmt>(warp, std::move(mask), stmt.loc));
    return true;
}

void BodyChecker::check_shared_declaration(const ast::SharedDeclStmt& decl) {
    SourceSpan name_span(decl.name_loc, length_of(decl.name));
    if (!in_grid_kernel()) {
        diags_.report(SourceSpan(decl.loc, 6), DiagKind::SharedOutsideKernel);
        return;
    }
    std::optional<ScalarType> type = resolve_type(decl.type);
    std::int64_t elements = 0;
    bool ok = true;
    if (decl.size) {
        kir::ExprPtr size = check_expression(*decl.size);
        std::optional<std::int64_t> value = size ? constant_integer(*size) : std::nullopt;
        if (size && (!value || *value <= 0)) {
            diags_.report(SourceSpan(decl.size->loc, 1), DiagKind::SharedSizeNotConstant,
                          decl.name);
        }
        ok = value && *value > 0;
        elements = ok ? *value : 0;
    }
    const kir::Variable* variable = nullptr;
    ast::Declarator declarator{decl.name, decl.name_loc, nullptr};
    bool declared = declare_local(declarator, ok ? type : std::nullopt, false, variable);
    if (!declared || variable == nullptr) {
        return;
    }
    // declare_local made the variable; mark it shared (it owns it through locals_).
    locals_[static_cast<std::size_t>(variable->id)]->shared_elements = elements;
    if (elements > 0 && !shared_limit_reported_) {
        static_shared_bytes_ += elements * static_cast<std::int64_t>(size_in_bytes(*type));
        constexpr std::int64_t kStaticSharedLimit = 48 * 1024;
        if (static_shared_bytes_ > kStaticSharedLimit) {
            diags_.report(name_span, DiagKind::SharedTooLarge, kernel_.name,
                          std::to_string(static_shared_bytes_));
            shared_limit_reported_ = true;
        }
    }
}

kir::ExprPtr BodyChecker::check_shared_index(const kir::Variable& array,
                                             const ast::IndexExpr& index) {
    if (index.indices.size() != 1) {
        diags_.report(SourceSpan(index.indices[1]->loc, 1), DiagKind::MultiIndexNotArray);
        return nullptr;
    }
    kir::ExprPtr position = check_index_value(*index.indices[0]);
    if (!position) {
        return nullptr;
    }
    return std::make_unique<kir::SharedElementExpr>(&array, std::move(position), index.base->loc);
}

kir::ExprPtr BodyChecker::check_atomic(const ast::CallExpr& call, kir::AtomicOp op) {
    std::string_view name = kir::atomic_name(op);
    bool cas = op == kir::AtomicOp::Cas;
    if (!check_argument_count(call, name, cas ? 3 : 2, cas ? 3 : 2)) {
        return nullptr;
    }
    const ast::Expr& address = *call.args[0];
    const auto* unary = address.kind == ast::ExprKind::Unary
                            ? static_cast<const ast::UnaryExpr*>(&address)
                            : nullptr;
    if (unary == nullptr || unary->op != ast::UnaryOp::AddressOf ||
        unary->operand->kind != ast::ExprKind::Index) {
        diags_.report(SourceSpan(address.loc, 1), DiagKind::AtomicNotAddress, name);
        return nullptr;
    }
    kir::ExprPtr target = check_expression(*unary->operand);
    std::vector<kir::ExprPtr> values;
    bool ok = target != nullptr;
    for (std::size_t k = 1; k < call.args.size(); ++k) {
        values.push_back(check_expression(*call.args[k]));
        ok = ok && values.back();
    }
    if (!ok) {
        return nullptr;
    }
    if (target->kind != kir::ExprKind::RawElement && target->kind != kir::ExprKind::SharedElement) {
        diags_.report(SourceSpan(address.loc, 1), DiagKind::AtomicNotAddress, name);
        return nullptr;
    }
    if (!atomic_accepts(op, target->type)) {
        diags_.report(SourceSpan(call.loc, length_of(name)), DiagKind::AtomicType, name,
                      numpy_name(target->type), atomic_types(op));
        return nullptr;
    }
    ScalarType type = target->type;
    for (kir::ExprPtr& value : values) {
        value = convert(std::move(value), type);
    }
    kir::ExprPtr compare = cas ? std::move(values[0]) : nullptr;
    return std::make_unique<kir::AtomicExpr>(op, std::move(target), std::move(values.back()),
                                             std::move(compare), call.loc);
}

kir::ExprPtr BodyChecker::check_shuffle(const ast::CallExpr& call, kir::ShuffleOp op) {
    std::string_view name = kir::shuffle_name(op);
    if (!check_argument_count(call, name, 3, 4)) {
        return nullptr;
    }
    std::vector<kir::ExprPtr> args;
    bool ok = true;
    for (const ast::ExprPtr& arg : call.args) {
        args.push_back(check_expression(*arg));
        ok = ok && args.back();
    }
    if (!ok) {
        return nullptr;
    }
    for (std::size_t k : {std::size_t{0}, std::size_t{2}, std::size_t{3}}) {
        if (k < args.size() && is_floating(args[k]->type)) {
            diags_.report(SourceSpan(call.args[k]->loc, 1), DiagKind::InvalidOperand, name,
                          args[k]->type);
            return nullptr;
        }
    }
    kir::ExprPtr width = args.size() == 4 ? convert(std::move(args[3]), ScalarType::Int32)
                                          : unsigned_constant(32, ScalarType::Int32, call.loc);
    return std::make_unique<kir::ShuffleExpr>(
        op, convert(std::move(args[0]), ScalarType::UInt32), std::move(args[1]),
        convert(std::move(args[2]), ScalarType::Int32), std::move(width), call.loc);
}

} // namespace gpucc::sema
