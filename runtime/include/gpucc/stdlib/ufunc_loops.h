// The loops of each ufunc of the standard library and how a call picks one: the table that both
// the run-time dispatch of NDArray ufuncs and the compile-time result types of Array<T> ufuncs
// read, so the two always agree. A loop takes every input in one dtype and gives an output dtype;
// the kernels compiled for each loop are the instances of runtime/src/stdlib/kernels/*.dsl (a loop
// listed here that the .dsl lacks fails to compile the runtime).
//
// Picking a loop (NumPy's type resolution for these ufuncs): the inputs' common dtype is found
// with NEP 50 promotion (promotion.h: arrays promote, scalars are weak); the loop is the first,
// in NumPy's order bool, int8, uint8, int16, uint16, int32, uint32, int64, uint64, float16,
// bfloat16, float32, float64, whose input dtype the common dtype casts to safely. So sqrt of int8
// runs the float16 loop and sqrt of int32 the float64 one (as np.sqrt), floor_divide of bools the
// int8 loop, and true_divide of integers the integer loops that give float64. Array inputs of
// another dtype are converted to the loop's dtype first (one astype pass each).
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/stdlib/promotion.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace gpucc {

enum class Ufunc : std::uint8_t {
#define GPUCC_UFUNC(enumerator, name, nin, loops, output, rejects_bool) enumerator,
#include "gpucc/stdlib/ufuncs.def"
};

inline constexpr int kNumUfuncs = 0
#define GPUCC_UFUNC(enumerator, name, nin, loops, output, rejects_bool) +1
#include "gpucc/stdlib/ufuncs.def"
    ;

/// A set of dtypes, as a bit mask over DType.
class DTypeSet {
public:
    constexpr DTypeSet() noexcept = default;
    constexpr DTypeSet(std::initializer_list<DType> dtypes) noexcept {
        for (DType dtype : dtypes) {
            bits_ |= bit(dtype);
        }
    }
    constexpr bool contains(DType dtype) const noexcept { return (bits_ & bit(dtype)) != 0; }
    constexpr DTypeSet operator|(DTypeSet other) const noexcept {
        return from_bits(static_cast<std::uint16_t>(bits_ | other.bits_));
    }
    /// The mask (bit i for the DType of value i), for use as a template argument.
    constexpr std::uint16_t bits() const noexcept { return bits_; }
    static constexpr DTypeSet from_bits(std::uint16_t bits) noexcept {
        DTypeSet set;
        set.bits_ = bits;
        return set;
    }

private:
    static constexpr std::uint16_t bit(DType dtype) noexcept {
        return static_cast<std::uint16_t>(1U << static_cast<unsigned>(dtype));
    }
    std::uint16_t bits_ = 0;
};

namespace ufunc_dtypes {
inline constexpr DTypeSet kBool = {DType::Bool};
inline constexpr DTypeSet kIntegers = {DType::Int8,  DType::Int16,  DType::Int32,  DType::Int64,
                                       DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64};
inline constexpr DTypeSet kFloats = {DType::Float16, DType::BFloat16, DType::Float32,
                                     DType::Float64};
inline constexpr DTypeSet kNumbers = kIntegers | kFloats;
inline constexpr DTypeSet kAll = kBool | kNumbers;
inline constexpr DTypeSet kBoolAndIntegers = kBool | kIntegers;
} // namespace ufunc_dtypes

/// What a loop's output dtype is, given its input dtype.
enum class LoopOutput : std::uint8_t {
    SameAsInput,
    Bool,
    Float64ForIntegers, ///< integer (and bool) loops give float64; floating loops their own type
};

struct UfuncInfo {
    std::string_view name;
    int nin;
    DTypeSet loops;
    LoopOutput output;
    /// Bool inputs are a TypeError rather than a cast to int8 (NumPy's subtract and negative).
    bool rejects_bool = false;
};

/// NumPy's search order of loop dtypes.
inline constexpr std::array<DType, kNumDTypes> kLoopSearchOrder = {
    DType::Bool,     DType::Int8,    DType::UInt8,  DType::Int16,  DType::UInt16,
    DType::Int32,    DType::UInt32,  DType::Int64,  DType::UInt64, DType::Float16,
    DType::BFloat16, DType::Float32, DType::Float64};

constexpr UfuncInfo ufunc_info(Ufunc ufunc) noexcept {
    using namespace ufunc_dtypes;
    switch (ufunc) {
#define GPUCC_UFUNC(enumerator, name, nin, loops, output, rejects_bool)                            \
    case Ufunc::enumerator:                                                                        \
        return {name, nin, loops, LoopOutput::output, rejects_bool};
#include "gpucc/stdlib/ufuncs.def"
    }
    return {"?", 0, {}, LoopOutput::SameAsInput};
}

/// The output dtype of `ufunc`'s loop for `input`.
constexpr DType loop_output_dtype(Ufunc ufunc, DType input) noexcept {
    switch (ufunc_info(ufunc).output) {
    case LoopOutput::SameAsInput:
        return input;
    case LoopOutput::Bool:
        return DType::Bool;
    case LoopOutput::Float64ForIntegers:
        break;
    }
    return is_floating(input) ? input : DType::Float64;
}

struct UfuncLoop {
    DType input;
    DType output;
};

/// The loop `ufunc` runs for inputs whose common dtype is `common`, or none (a TypeError at run
/// time, a static_assert at compile time).
constexpr std::optional<UfuncLoop> find_loop(Ufunc ufunc, DType common) noexcept {
    const UfuncInfo info = ufunc_info(ufunc);
    if (info.rejects_bool && common == DType::Bool) {
        return std::nullopt;
    }
    for (DType candidate : kLoopSearchOrder) {
        if (info.loops.contains(candidate) && can_cast_safely(common, candidate)) {
            return UfuncLoop{candidate, loop_output_dtype(ufunc, candidate)};
        }
    }
    return std::nullopt;
}

} // namespace gpucc
