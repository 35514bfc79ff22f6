// Switches lg2.approx and rsqrt.approx to their .ftz forms where the argument is provably never
// subnormal (NormalApproximations.h says why). The bound is a small interval evaluation over the
// float operations that feed the argument: constants, integer-to-float conversions (the integer's
// range from LLVM's known bits), fneg, fadd, fsub, fmul, fma, select and max/min, each inexact one
// widened by a relative 2^-22 for rounding (generous for float32's 2^-24; the exact bounds of
// fmul and fadd also bound them contracted into one fma) and every one by the smallest subnormal
// for underflow; a conversion of integers below 2^24 and a product by a power of two are exact.
// Anything else, a phi or a load, is unbounded, and so is a value past a depth of 12 operations.
// Every operation reached is float32: the intrinsics take float32, and each handled operation
// keeps its operands' type, so a half, bfloat16 or double value would come through an fpext or
// fptrunc, which is unbounded (the 2^-22 would not cover half's rounding).
#include "compiler/target/NormalApproximations.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Support/KnownBits.h>
#include <optional>
#include <vector>

namespace gpucc {
namespace {

/// Every non-NaN value the operation can give lies in [low, high].
struct Interval {
    double low;
    double high;
};

constexpr int kMaxDepth = 12;
constexpr double kRounding = 0x1p-22;

/// The ends moved out by the rounding of an inexact operation (relative) and by a subnormal
/// result's (absolute, the smallest float subnormal; an exact operation can still underflow).
Interval widened(Interval x, bool exact = false) {
    const double relative = exact ? 0 : kRounding;
    auto down = [&](double v) { return v - std::fabs(v) * relative - 0x1p-149; };
    auto up = [&](double v) { return v + std::fabs(v) * relative + 0x1p-149; };
    return {down(x.low), up(x.high)};
}

Interval product(Interval a, Interval b, bool exact) {
    const double p[] = {a.low * b.low, a.low * b.high, a.high * b.low, a.high * b.high};
    return widened({*std::min_element(p, p + 4), *std::max_element(p, p + 4)}, exact);
}

/// Multiplying by a power of two is exact (up to underflow).
bool is_power_of_two(const llvm::Value* value) {
    const auto* constant = llvm::dyn_cast<llvm::ConstantFP>(value);
    if (!constant) {
        return false;
    }
    int exponent = 0;
    const double v = constant->getValueAPF().convertToDouble();
    return std::isfinite(v) && v != 0 && std::fabs(std::frexp(v, &exponent)) == 0.5;
}

std::optional<Interval> bound(const llvm::Value* value, const llvm::DataLayout& layout, int depth);

std::optional<Interval> integer_bound(const llvm::Value* integer, bool is_signed,
                                      const llvm::DataLayout& layout) {
    const llvm::KnownBits known = llvm::computeKnownBits(integer, layout);
    if (known.getBitWidth() > 64) {
        return std::nullopt;
    }
    if (is_signed) {
        return Interval{static_cast<double>(known.getSignedMinValue().getSExtValue()),
                        static_cast<double>(known.getSignedMaxValue().getSExtValue())};
    }
    return Interval{static_cast<double>(known.getMinValue().getZExtValue()),
                    static_cast<double>(known.getMaxValue().getZExtValue())};
}

std::optional<Interval> unchecked_bound(const llvm::Value* value, const llvm::DataLayout& layout,
                                        int depth) {
    if (const auto* constant = llvm::dyn_cast<llvm::ConstantFP>(value)) {
        const double v = constant->getValueAPF().convertToDouble();
        if (std::isnan(v)) {
            return std::nullopt;
        }
        return Interval{v, v};
    }
    if (depth > kMaxDepth) {
        return std::nullopt;
    }
    const auto* instruction = llvm::dyn_cast<llvm::Instruction>(value);
    if (!instruction) {
        return std::nullopt;
    }
    auto operand = [&](unsigned i) { return bound(instruction->getOperand(i), layout, depth + 1); };
    switch (instruction->getOpcode()) {
    case llvm::Instruction::UIToFP:
    case llvm::Instruction::SIToFP: {
        std::optional<Interval> x =
            integer_bound(instruction->getOperand(0),
                          instruction->getOpcode() == llvm::Instruction::SIToFP, layout);
        if (!x) {
            return std::nullopt;
        }
        // Exact where every integer of the range has a representation (24 or 53 bits).
        const llvm::Type* type = instruction->getType();
        const double exact_up_to = type->isFloatTy() ? 0x1p24 : type->isDoubleTy() ? 0x1p53 : 0;
        return widened(*x, std::max(std::fabs(x->low), std::fabs(x->high)) <= exact_up_to);
    }
    case llvm::Instruction::FNeg: {
        std::optional<Interval> x = operand(0);
        return x ? std::optional<Interval>(Interval{-x->high, -x->low}) : std::nullopt;
    }
    case llvm::Instruction::FAdd:
    case llvm::Instruction::FSub: {
        std::optional<Interval> a = operand(0);
        std::optional<Interval> b = operand(1);
        if (!a || !b) {
            return std::nullopt;
        }
        if (instruction->getOpcode() == llvm::Instruction::FSub) {
            *b = Interval{-b->high, -b->low};
        }
        return widened({a->low + b->low, a->high + b->high});
    }
    case llvm::Instruction::FMul: {
        std::optional<Interval> a = operand(0);
        std::optional<Interval> b = operand(1);
        if (!a || !b) {
            return std::nullopt;
        }
        return product(*a, *b,
                       is_power_of_two(instruction->getOperand(0)) ||
                           is_power_of_two(instruction->getOperand(1)));
    }
    case llvm::Instruction::Select: {
        std::optional<Interval> a = operand(1);
        std::optional<Interval> b = operand(2);
        if (!a || !b) {
            return std::nullopt;
        }
        return Interval{std::min(a->low, b->low), std::max(a->high, b->high)};
    }
    default:
        break;
    }
    const auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(instruction);
    if (!call) {
        return std::nullopt;
    }
    switch (call->getIntrinsicID()) {
    case llvm::Intrinsic::fma:
    case llvm::Intrinsic::fmuladd: {
        std::optional<Interval> a = operand(0);
        std::optional<Interval> b = operand(1);
        std::optional<Interval> c = operand(2);
        if (!a || !b || !c) {
            return std::nullopt;
        }
        // The product's exact bound: fma rounds once, at the end.
        const Interval p = product(*a, *b, true);
        return widened({p.low + c->low, p.high + c->high});
    }
    case llvm::Intrinsic::maxnum:
    case llvm::Intrinsic::maximum:
    case llvm::Intrinsic::maximumnum:
    case llvm::Intrinsic::minnum:
    case llvm::Intrinsic::minimum:
    case llvm::Intrinsic::minimumnum: {
        // maxnum and minnum give the other operand for one NaN; a NaN result needs no bound.
        std::optional<Interval> a = operand(0);
        std::optional<Interval> b = operand(1);
        const llvm::Intrinsic::ID id = call->getIntrinsicID();
        const bool is_max = id == llvm::Intrinsic::maxnum || id == llvm::Intrinsic::maximum ||
                            id == llvm::Intrinsic::maximumnum;
        if (is_max && (a || b)) {
            // max(x, y) >= the known operand's low bound whatever the other is.
            const double low = std::max(a ? a->low : -INFINITY, b ? b->low : -INFINITY);
            const double high = a && b ? std::max(a->high, b->high) : INFINITY;
            return Interval{low, high};
        }
        if (!is_max && (a || b)) {
            const double high = std::min(a ? a->high : INFINITY, b ? b->high : INFINITY);
            const double low = a && b ? std::min(a->low, b->low) : -INFINITY;
            return Interval{low, high};
        }
        return std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

/// unchecked_bound without the NaN an infinite end can make (inf - inf, 0 * inf): no bound then.
std::optional<Interval> bound(const llvm::Value* value, const llvm::DataLayout& layout, int depth) {
    std::optional<Interval> x = unchecked_bound(value, layout, depth);
    if (x && (std::isnan(x->low) || std::isnan(x->high))) {
        return std::nullopt;
    }
    return x;
}

bool never_subnormal(const llvm::Value* argument, const llvm::DataLayout& layout) {
    std::optional<Interval> x = bound(argument, layout, 0);
    return x && (x->low >= FLT_MIN || x->high <= -FLT_MIN || (x->low == 0 && x->high == 0));
}

} // namespace

int flush_provably_normal_approximations(llvm::Module& module) {
    const llvm::DataLayout& layout = module.getDataLayout();
    std::vector<std::pair<llvm::CallInst*, llvm::Intrinsic::ID>> switches;
    for (llvm::Function& function : module) {
        for (llvm::Instruction& instruction : llvm::instructions(function)) {
            auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&instruction);
            if (!call) {
                continue;
            }
            llvm::Intrinsic::ID ftz = llvm::Intrinsic::not_intrinsic;
            switch (call->getIntrinsicID()) {
            case llvm::Intrinsic::nvvm_lg2_approx_f:
                ftz = llvm::Intrinsic::nvvm_lg2_approx_ftz_f;
                break;
            case llvm::Intrinsic::nvvm_rsqrt_approx_f:
                ftz = llvm::Intrinsic::nvvm_rsqrt_approx_ftz_f;
                break;
            default:
                continue;
            }
            if (never_subnormal(call->getArgOperand(0), layout)) {
                switches.emplace_back(call, ftz);
            }
        }
    }
    for (auto [call, ftz] : switches) {
        llvm::Function* callee = llvm::Intrinsic::getOrInsertDeclaration(&module, ftz);
        call->setCalledFunction(callee);
    }
    return static_cast<int>(switches.size());
}

} // namespace gpucc
