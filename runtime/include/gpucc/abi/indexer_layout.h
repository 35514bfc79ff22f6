// The loop layout of a strided elementwise entry point, as int64 words: written by the runtime
// (gpucc/detail/strided_indexer.h, runtime/src/launch/strided_indexer.cpp) and read by the code
// the compiler generates (compiler/codegen). This header is the one statement of it; both sides
// include it, so it depends on nothing but <cstdint>.
//
// Dimensions are collapsed and listed innermost first; D = kIndexerDims, P = the kernel's
// non-raw parameters in kernel order.
// - word 0: ndim, 1..D.
// - word 1: flags kIndexerIndex32 (n < 2^31), kIndexerVectorOk, kIndexerTiled.
// - words 2 .. 2+D: extents.
// - words 2+D .. 2+2D: 32-bit divisors, magic | shift << 32, for
//   q = (umulhi(x, magic) + x) >> shift.
// - words 2+2D + a*D + k: element stride of parameter a along dimension k.
// - words 2+2D + P*D + a: with kIndexerTiled, how parameter a is read in a tile (TileAccess).
#pragma once

#include <cstdint>

namespace gpucc::abi {

inline constexpr int kIndexerDims = 8;
/// Most non-raw parameters of one kernel (one argument slot each at least).
inline constexpr int kMaxLoopOperands = 48;

/// Flags of word 1. Index32: every offset fits 32 bits. VectorOk: the layout suits the vector
/// loop. Tiled: the layout suits the tiled loop (row-major outputs, extents divisible by the
/// tile, 32-bit indexing).
inline constexpr std::int64_t kIndexerIndex32 = 1;
inline constexpr std::int64_t kIndexerVectorOk = 2;
inline constexpr std::int64_t kIndexerTiled = 4;

/// How a tile reads one parameter (kIndexerTiled layouts).
enum TileAccess : std::int64_t {
    kTileRows = 0,      ///< stride 1 along dimension 0: one vector per row of the tile
    kTileColumns = 1,   ///< stride 1 along dimension 1: vectors down each column
    kTileBroadcast = 2, ///< stride 0 along dimension 0: one element per row, splatted
    kTileElements = 3,  ///< anything else: one access per element
};

inline constexpr int kIndexerShapeWord = 2;
inline constexpr int kIndexerDivisorWord = 2 + kIndexerDims;
inline constexpr int kIndexerStrideWord = 2 + 2 * kIndexerDims;

/// Words of the layout of a kernel with `operands` non-raw parameters.
constexpr int indexer_words(int operands) {
    return kIndexerStrideWord + operands * (kIndexerDims + 1);
}

} // namespace gpucc::abi
