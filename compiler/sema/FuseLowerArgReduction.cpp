// argmin and argmax in a fused body (FuseLoweringImpl.h): two components of the one pass's tuple
// reduce type, the extreme (in the operand's type) and its position `_J` (int64: the position in
// C order along the reduced axes, the flattened index when every axis is reduced), combined
// together as NumPy's: the smaller position wins a tie, and a NaN wins over any number (the
// first NaN over a later one). Neither has an identity, so an empty reduction raises, as NumPy's.
#include "compiler/sema/FuseLoweringImpl.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"

namespace gpucc::sema::fuse {

std::optional<Value> FuseLowering::lower_arg_reduction(const std::string& function, Value operand,
                                                       int component, SourceLocation loc) {
    const int value_component = component;
    const int index_component = component + 1;
    const ScalarType value_type = operand.type;
    ast::ExprPtr value_map = as_type(std::move(operand), value_type, loc);
    // Whether side `a` wins, in the combine of component `own`: `a`/`b` are its own operands,
    // the other component's are named by fused_reduce_operand.
    auto operand_of = [&](int side, int wanted, int own) {
        return wanted == own ? make_name(side == 0 ? "a" : "b", loc)
                             : make_name(fused_reduce_operand(side, wanted), loc);
    };
    auto a_wins = [&](int own) {
        auto va = [&] { return operand_of(0, value_component, own); };
        auto vb = [&] { return operand_of(1, value_component, own); };
        auto ia = [&] { return operand_of(0, index_component, own); };
        auto ib = [&] { return operand_of(1, index_component, own); };
        auto earlier = [&] { return make_binary(ast::BinaryOp::Lt, ia(), ib(), loc); };
        ast::ExprPtr b_number = make_binary(ast::BinaryOp::Eq, vb(), vb(), loc);
        ast::ExprPtr a_nan = make_binary(ast::BinaryOp::Ne, va(), va(), loc);
        ast::BinaryOp better = function == "argmax" ? ast::BinaryOp::Gt : ast::BinaryOp::Lt;
        // a NaN: it wins unless b is a NaN at an earlier position.
        ast::ExprPtr when_a_nan =
            make_binary(ast::BinaryOp::LogicalOr, std::move(b_number), earlier(), loc);
        // a a number: b must be a number, and a better, or equal at an earlier position.
        ast::ExprPtr tie =
            make_binary(ast::BinaryOp::LogicalAnd, make_binary(ast::BinaryOp::Eq, va(), vb(), loc),
                        earlier(), loc);
        ast::ExprPtr wins = make_binary(ast::BinaryOp::LogicalOr,
                                        make_binary(better, va(), vb(), loc), std::move(tie), loc);
        ast::ExprPtr when_a_number =
            make_binary(ast::BinaryOp::LogicalAnd, make_binary(ast::BinaryOp::Eq, vb(), vb(), loc),
                        std::move(wins), loc);
        return make_conditional(std::move(a_nan), std::move(when_a_nan), std::move(when_a_number),
                                loc);
    };
    auto combine = [&](int own) {
        return make_conditional(a_wins(own), make_name("a", loc), make_name("b", loc), loc);
    };
    FuseReductionLowering& lowered = *reduction_;
    FuseReductionPart index{
        function, loc, ScalarType::Int64, make_name("_J", loc), nullptr, combine(index_component)};
    if (value_component == 0) {
        lowered.function = function;
        lowered.loc = loc;
        lowered.reduce_type = value_type;
        lowered.map = std::move(value_map);
        lowered.identity = nullptr;
        lowered.combine = combine(value_component);
    } else {
        lowered.more.push_back(FuseReductionPart{function, loc, value_type, std::move(value_map),
                                                 nullptr, combine(value_component)});
    }
    lowered.more.push_back(std::move(index));
    return Value{make_name(fused_reduced_value(index_component), loc), ScalarType::Int64};
}

} // namespace gpucc::sema::fuse
