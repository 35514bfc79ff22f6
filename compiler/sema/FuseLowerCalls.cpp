// The fused lowering of calls (FuseLoweringImpl.h): the ufuncs and functions a fused body may call
// (FuseNames.h), dispatched by name, with their arity checked; a reduction goes to
// FuseLowerReduction.cpp.
#include "compiler/ast/FuseTuple.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseNames.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Suggest.h"

namespace gpucc::sema::fuse {

bool FuseLowering::check_arity(const ast::CallExpr& call, const std::string& name,
                               std::size_t arity) {
    if (call.args.size() == arity) {
        return true;
    }
    std::string expected = std::to_string(arity) + (arity == 1 ? " argument" : " arguments");
    std::string given =
        std::to_string(call.args.size()) + (call.args.size() == 1 ? " was" : " were");
    report(SourceSpan(call.loc, length_of(name)), DiagKind::WrongArgumentCount, name, expected,
           given);
    return false;
}

std::optional<std::vector<Value>> FuseLowering::lower_args(const ast::CallExpr& call) {
    std::vector<Value> args;
    bool ok = true;
    for (const ast::ExprPtr& arg : call.args) {
        std::optional<Value> value = lower_expr(*arg);
        ok = ok && value.has_value();
        if (value) {
            args.push_back(std::move(*value));
        }
    }
    if (!ok) {
        return std::nullopt;
    }
    return args;
}

std::optional<Value> FuseLowering::lower_call(const ast::CallExpr& call) {
    if (ast::is_fuse_tuple(call)) {
        report(SourceSpan(call.loc, 1), DiagKind::FuseTupleOutsideAxis); // `axis` reads its own
        return std::nullopt;
    }
    if (call.callee->kind != ast::ExprKind::Name) {
        report(SourceSpan(call.loc, 1), DiagKind::CalleeNotAName);
        return std::nullopt;
    }
    const std::string& name = static_cast<const ast::NameExpr&>(*call.callee).name;
    SourceSpan span(call.loc, length_of(name));
    SourceLocation loc = call.loc;
    if (is_reduction_name(name)) {
        // Every reduction the names know fuses (fuse_has_reduction chose the reduction path).
        GPUCC_CHECK(reduction_ != nullptr && is_fusable_reduction(name),
                    "a reduction outside a fused reduction's lowering");
        return lower_reduction(call, name, span);
    }
    if (module_kernels_.count(name) != 0) {
        return lower_kernel_call(call, name);
    }
    if (name == "astype") {
        return lower_astype(call);
    }
    if (name == "where") {
        if (!check_arity(call, name, 3)) {
            return std::nullopt;
        }
        return lower_where(*call.args[0], *call.args[1], *call.args[2], loc);
    }
    for (const NamedOperator& named : kNamedOperators) {
        if (name == named.numpy) {
            std::optional<std::vector<Value>> args;
            if (!check_arity(call, name, 2) || !(args = lower_args(call))) {
                return std::nullopt;
            }
            return binary_op(named.op, std::move((*args)[0]), std::move((*args)[1]), loc, name);
        }
    }
    for (const NumpyArithmeticName& named : kNumpyArithmeticNames) {
        if (name == named.numpy) {
            std::optional<std::vector<Value>> args;
            if (!check_arity(call, name, 2) || !(args = lower_args(call))) {
                return std::nullopt;
            }
            return numpy_arithmetic(named.operation, std::move((*args)[0]), std::move((*args)[1]),
                                    loc, name);
        }
    }
    for (const FloatingUfunc& ufunc : kFloatingUfuncs) {
        if (name == ufunc.numpy) {
            std::optional<std::vector<Value>> args;
            if (!check_arity(call, name, static_cast<std::size_t>(ufunc.arity)) ||
                !(args = lower_args(call))) {
                return std::nullopt;
            }
            return floating_call(std::string(ufunc.builtin), std::move(*args), loc);
        }
    }
    bool unary = name == "abs" || name == "absolute" || name == "negative" || name == "square" ||
                 name == "floor" || name == "ceil" || name == "trunc" || name == "isnan" ||
                 name == "isinf" || name == "isfinite" || name == "logical_not" || name == "invert";
    bool binary = name == "maximum" || name == "minimum" || name == "fmax" || name == "fmin" ||
                  name == "logical_xor";
    bool ternary = name == "clip";
    if (!unary && !binary && !ternary) {
        if (std::optional<std::string> suggestion = closest_name(name, fuse_function_names())) {
            report(span, DiagKind::FuseUnknownFunctionSuggest, name, *suggestion);
        } else {
            report(span, DiagKind::FuseUnknownFunction, name);
        }
        return std::nullopt;
    }
    std::optional<std::vector<Value>> args;
    if (!check_arity(call, name, unary ? 1 : binary ? 2 : 3) || !(args = lower_args(call))) {
        return std::nullopt;
    }
    std::vector<Value>& values = *args;
    if (unary) {
        return unary_function(name, std::move(values[0]), loc);
    }
    if (ternary) {
        return clip(std::move(values), loc);
    }
    return binary_function(name, std::move(values), loc);
}

Value FuseLowering::floating_call(const std::string& builtin, std::vector<Value> args,
                                  SourceLocation loc) {
    auto [promoted, weak] = promote(args);
    ScalarType type = floating_loop_type(promoted);
    if (weak != WeakKind::None) {
        type = ScalarType::Float64; // a Python scalar's function is a float64
    }
    std::vector<ast::ExprPtr> operands;
    for (Value& arg : args) {
        operands.push_back(as_type(std::move(arg), type, loc));
    }
    ast::ExprPtr computed = make_call(builtin, std::move(operands), loc);
    return Value{make_cast(std::move(computed), type, loc), type,
                 weak == WeakKind::None ? WeakKind::None : WeakKind::Floating};
}

std::optional<Value> FuseLowering::unary_function(const std::string& name, Value x,
                                                  SourceLocation loc) {
    ScalarType type = x.type;
    WeakKind weak = x.weak;
    if (name == "negative") {
        return negate(std::move(x), loc, name);
    }
    if (name == "logical_not") {
        return logical_not(std::move(x), loc);
    }
    if (name == "invert") {
        return invert(std::move(x), loc, name);
    }
    if (name == "square") {
        Value once = hoist(std::move(x), loc);
        Value twice = copy(once);
        return binary_op(ast::BinaryOp::Mul, std::move(once), std::move(twice), loc, name);
    }
    if (name == "isnan" || name == "isinf" || name == "isfinite") {
        if (!is_floating(type)) { // integers and bools are finite numbers
            return Value{make_bool(name == "isfinite", loc), ScalarType::Bool};
        }
        std::vector<ast::ExprPtr> operand;
        operand.push_back(as_type(std::move(x), type, loc));
        return Value{make_call(name, std::move(operand), loc), ScalarType::Bool};
    }
    bool rounding = name == "floor" || name == "ceil" || name == "trunc";
    if ((rounding && !is_floating(type)) ||
        ((name == "abs" || name == "absolute") && type == ScalarType::Bool)) {
        return x; // the identity on integers (and abs on bool), as the standard library
    }
    std::vector<ast::ExprPtr> operand;
    operand.push_back(as_type(std::move(x), type, loc));
    ast::ExprPtr computed = make_call(rounding ? name : "abs", std::move(operand), loc);
    return Value{make_cast(std::move(computed), type, loc), type, weak};
}

std::optional<Value> FuseLowering::binary_function(const std::string& name, std::vector<Value> args,
                                                   SourceLocation loc) {
    auto [type, weak] = promote(args);
    if (name == "logical_xor") {
        ast::ExprPtr differ =
            make_binary(ast::BinaryOp::Ne, as_type(std::move(args[0]), ScalarType::Bool, loc),
                        as_type(std::move(args[1]), ScalarType::Bool, loc), loc);
        return Value{std::move(differ), ScalarType::Bool};
    }
    bool is_max = name == "maximum" || name == "fmax";
    if ((name == "fmax" || name == "fmin") && is_floating(type)) {
        std::vector<ast::ExprPtr> operands;
        operands.push_back(as_type(std::move(args[0]), type, loc));
        operands.push_back(as_type(std::move(args[1]), type, loc));
        return Value{make_cast(make_call(name, std::move(operands), loc), type, loc), type, weak};
    }
    Value a = hoist(Value{as_type(std::move(args[0]), type, loc), type, weak}, loc);
    Value b = hoist(Value{as_type(std::move(args[1]), type, loc), type, weak}, loc);
    return pick(is_max, std::move(a), std::move(b), type, weak, loc);
}

Value FuseLowering::pick(bool is_max, Value a, Value b, ScalarType type, WeakKind weak,
                         SourceLocation loc) {
    ast::ExprPtr ordered = make_binary(is_max ? ast::BinaryOp::Ge : ast::BinaryOp::Le, copy(a).expr,
                                       copy(b).expr, loc);
    ast::ExprPtr a_is_nan = make_binary(ast::BinaryOp::Ne, copy(a).expr, copy(a).expr, loc);
    ast::ExprPtr take_a =
        make_binary(ast::BinaryOp::LogicalOr, std::move(ordered), std::move(a_is_nan), loc);
    ast::ExprPtr chosen =
        make_conditional(std::move(take_a), std::move(a.expr), std::move(b.expr), loc);
    return Value{make_cast(std::move(chosen), type, loc), type, weak};
}

Value FuseLowering::clip(std::vector<Value> args, SourceLocation loc) {
    auto [type, weak] = promote(args);
    Value x = hoist(Value{as_type(std::move(args[0]), type, loc), type, weak}, loc);
    Value low = hoist(Value{as_type(std::move(args[1]), type, loc), type, weak}, loc);
    Value high = hoist(Value{as_type(std::move(args[2]), type, loc), type, weak}, loc);
    // raised = (x != x || x > low) ? x : low; then (raised != raised || raised < high) ?
    // raised : high. maximum's formula differs only on ties, where both give the same value.
    ast::ExprPtr keep_x = make_binary(
        ast::BinaryOp::LogicalOr, make_binary(ast::BinaryOp::Ne, copy(x).expr, copy(x).expr, loc),
        make_binary(ast::BinaryOp::Gt, copy(x).expr, copy(low).expr, loc), loc);
    Value raised = hoist(Value{make_cast(make_conditional(std::move(keep_x), std::move(x.expr),
                                                          std::move(low.expr), loc),
                                         type, loc),
                               type, weak},
                         loc);
    ast::ExprPtr keep_raised =
        make_binary(ast::BinaryOp::LogicalOr,
                    make_binary(ast::BinaryOp::Ne, copy(raised).expr, copy(raised).expr, loc),
                    make_binary(ast::BinaryOp::Lt, copy(raised).expr, copy(high).expr, loc), loc);
    ast::ExprPtr chosen =
        make_conditional(std::move(keep_raised), std::move(raised.expr), std::move(high.expr), loc);
    return Value{make_cast(std::move(chosen), type, loc), type, weak};
}

} // namespace gpucc::sema::fuse
