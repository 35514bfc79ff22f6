// var and std in a fused body (FuseLoweringImpl.h): three components of the one pass's tuple
// reduce type, the count (int64), the mean and the sum of squared deviations from it (M2), merged
// pairwise by Chan's formulas (Welford's update when one side is a single element), so that data
// with a large mean keep their precision (never E[x^2] - E[x]^2). Post divides M2 by
// max(count - ddof, 0), NumPy's divisor, and std takes the square root. The components compute in
// float32 for float16, bfloat16 and float32 inputs and in float64 otherwise; the result is NumPy
// 2's dtype: the input's for floats, float64 for integers and bool.
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema::fuse {
namespace {

ast::ExprPtr integer_literal(std::uint64_t value, SourceLocation loc) {
    auto literal = std::make_unique<ast::IntegerLiteralExpr>(loc);
    literal->spelling = std::to_string(value);
    literal->value = value;
    return literal;
}

} // namespace

std::optional<Value> FuseLowering::lower_variance(const std::string& function, Value operand,
                                                  int component, std::int64_t ddof,
                                                  SourceLocation loc) {
    const ScalarType input = operand.type;
    const bool floating = input == ScalarType::Float16 || input == ScalarType::BFloat16 ||
                          input == ScalarType::Float32 || input == ScalarType::Float64;
    const ScalarType compute =
        input == ScalarType::Float64 || !floating ? ScalarType::Float64 : ScalarType::Float32;
    const ScalarType result = floating ? input : ScalarType::Float64;
    const int count = component, mean = component + 1, m2 = component + 2;
    // Operand `side` (0: a, 1: b) of component `wanted`, in the combine of component `own`.
    auto operand_of = [&](int side, int wanted, int own) {
        return wanted == own ? make_name(side == 0 ? "a" : "b", loc)
                             : make_name(fused_reduce_operand(side, wanted), loc);
    };
    auto as_compute = [&](ast::ExprPtr expr) { return make_cast(std::move(expr), compute, loc); };
    // The merged count, and the guard against two empty sides (0 / 0).
    auto merged_count = [&](int own) {
        return make_binary(ast::BinaryOp::Add, operand_of(0, count, own), operand_of(1, count, own),
                           loc);
    };
    auto empty = [&](int own) {
        return make_binary(ast::BinaryOp::Eq, merged_count(own), integer_literal(0, loc), loc);
    };
    auto delta = [&](int own) {
        return make_binary(ast::BinaryOp::Sub, operand_of(1, mean, own), operand_of(0, mean, own),
                           loc);
    };
    // mean = mean_a + (mean_b - mean_a) * (n_b / n)
    ast::ExprPtr mean_combine =
        make_conditional(empty(mean), make_name("a", loc),
                         make_binary(ast::BinaryOp::Add, make_name("a", loc),
                                     make_binary(ast::BinaryOp::Mul, delta(mean),
                                                 make_binary(ast::BinaryOp::Div,
                                                             as_compute(operand_of(1, count, mean)),
                                                             as_compute(merged_count(mean)), loc),
                                                 loc),
                                     loc),
                         loc);
    // M2 = M2_a + M2_b + delta^2 * (n_a * n_b / n)
    ast::ExprPtr weight =
        make_binary(ast::BinaryOp::Div,
                    make_binary(ast::BinaryOp::Mul, as_compute(operand_of(0, count, m2)),
                                as_compute(operand_of(1, count, m2)), loc),
                    as_compute(merged_count(m2)), loc);
    ast::ExprPtr m2_combine = make_conditional(
        empty(m2), make_name("a", loc),
        make_binary(ast::BinaryOp::Add,
                    make_binary(ast::BinaryOp::Add, make_name("a", loc), make_name("b", loc), loc),
                    make_binary(ast::BinaryOp::Mul,
                                make_binary(ast::BinaryOp::Mul, delta(m2), delta(m2), loc),
                                std::move(weight), loc),
                    loc),
        loc);
    auto zero = [&](ScalarType type) { return make_cast(integer_literal(0, loc), type, loc); };
    FuseReductionLowering& lowered = *reduction_;
    ast::ExprPtr count_map = make_cast(integer_literal(1, loc), ScalarType::Int64, loc);
    ast::ExprPtr count_combine =
        make_binary(ast::BinaryOp::Add, make_name("a", loc), make_name("b", loc), loc);
    if (component == 0) {
        lowered.function = function;
        lowered.loc = loc;
        lowered.reduce_type = ScalarType::Int64;
        lowered.map = std::move(count_map);
        lowered.identity = zero(ScalarType::Int64);
        lowered.combine = std::move(count_combine);
    } else {
        lowered.more.push_back(FuseReductionPart{function, loc, ScalarType::Int64,
                                                 std::move(count_map), zero(ScalarType::Int64),
                                                 std::move(count_combine)});
    }
    lowered.more.push_back(FuseReductionPart{function, loc, compute,
                                             as_compute(as_type(std::move(operand), input, loc)),
                                             zero(compute), std::move(mean_combine)});
    lowered.more.push_back(FuseReductionPart{function, loc, compute, zero(compute), zero(compute),
                                             std::move(m2_combine)});
    // M2 / max(n - ddof, 0), after the reduction (post reads the components' values).
    auto remaining = [&] {
        return make_binary(ast::BinaryOp::Sub, make_name(fused_reduced_value(count), loc),
                           integer_literal(static_cast<std::uint64_t>(ddof), loc), loc);
    };
    ast::ExprPtr divisor =
        make_conditional(make_binary(ast::BinaryOp::Gt, remaining(), integer_literal(0, loc), loc),
                         remaining(), make_cast(integer_literal(0, loc), ScalarType::Int64, loc), loc);
    ast::ExprPtr variance = make_binary(ast::BinaryOp::Div, make_name(fused_reduced_value(m2), loc),
                                        as_compute(std::move(divisor)), loc);
    if (function == "std") {
        std::vector<ast::ExprPtr> args;
        args.push_back(std::move(variance));
        variance = make_call("sqrt", std::move(args), loc);
    }
    return Value{make_cast(std::move(variance), result, loc), result};
}

} // namespace gpucc::sema::fuse
