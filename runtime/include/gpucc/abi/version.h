// The version of the contract between generated code and the runtime: the layouts of
// gpucc/abi/*.h folded into one number, so that a change to any of them changes it. A generated
// header states the number its gpucc was built with in one static_assert, and a header from
// another gpucc fails to compile against this runtime with a message that says to regenerate it.
// kAbiRevision counts the changes the layouts cannot show (the meaning of a slot, the order of
// arguments); raise it with such a change.
#pragma once

#include "gpucc/abi/indexer_layout.h"
#include "gpucc/abi/reduction_plan_layout.h"

#include <cstdint>
#include <initializer_list>

namespace gpucc::abi {

inline constexpr std::int64_t kAbiRevision = 1;

namespace detail {
/// FNV-1a over the values, byte by byte.
constexpr std::uint64_t fingerprint(std::initializer_list<std::int64_t> values) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (std::int64_t value : values) {
        for (int byte = 0; byte < 8; ++byte) {
            hash ^= static_cast<std::uint64_t>(value >> (8 * byte)) & 0xffU;
            hash *= 1099511628211ULL;
        }
    }
    return hash;
}
} // namespace detail

inline constexpr std::uint64_t kAbiVersion = detail::fingerprint({
    kAbiRevision,
// the 13 dtypes: number, size
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) size,
#include "gpucc/abi/dtypes.def"
    // the elementwise loop layout
    kIndexerDims,
    kMaxLoopOperands,
    kIndexerIndex32,
    kIndexerVectorOk,
    kIndexerTiled,
    kTileRows,
    kTileColumns,
    kTileBroadcast,
    kTileElements,
    kIndexerShapeWord,
    kIndexerDivisorWord,
    kIndexerStrideWord,
    indexer_words(1),
    // the reduction plan
    kReduceDims,
    kReduceIndex32,
    kReduceLanesFirst,
    kReduceVector,
    kReducePlanFlags,
    kReducePlanOutputs,
    kReducePlanReduced,
    kReducePlanInputSize,
    kReducePlanOuterNdim,
    kReducePlanReduceNdim,
    kReducePlanLaneShift,
    kReducePlanOutputShift,
    kReducePlanSlices,
    kReducePlanSliceLength,
    kReducePlanOuterExtent,
    kReducePlanOuterDivisor,
    kReducePlanOuterStride,
    kReduceBlockSize,
    reduce_plan_words(1, 1),
});

} // namespace gpucc::abi
