// The loop layout an elementwise kernel's strided entry point reads: the broadcast loop shape
// with its dimensions collapsed, each array's element strides along it, and precomputed
// divisors, packed as int64 words. The compiler generates the reading side; the words, flags and
// sizes are stated once, in gpucc/abi/indexer_layout.h, which the compiler includes too.
//
//   word 0                    ndim: collapsed dimensions, 1..kIndexerDims
//   word 1                    flags: kIndexerIndex32 (n < 2^31: 32-bit index math) |
//   kIndexerVectorOk words 2 .. 2+D            extent of each dimension, innermost first words 2+D
//   .. 2+2D         its divisor for 32-bit division by multiplication:
//                             magic | shift << 32, with q = (umulhi(x, magic) + x) >> shift
//   words 2+2D + a*D + k      element stride of the a-th non-raw parameter along dimension k
//                             (parameters in kernel order; a scalar input's strides are 0)
//   words 2+2D + P*D + a      with kIndexerTiled: how the a-th parameter is read in a tile
//   (TileAccess)
//
// kIndexerVectorOk tells the GPU kernel it may take elements_per_thread consecutive elements per
// thread with one vector access per array: the innermost extent is a multiple of the vector width,
// every array's innermost stride is 1 (or 0 for an input, which is then loaded once and
// splatted), its other strides are multiples of the width and its address is aligned to the
// vector's bytes.
//
// kIndexerTiled tells the GPU kernel to take a tile of W rows by W columns of the two innermost
// dimensions per thread (W = elements_per_thread): set when an input runs along the second
// dimension (stride 1 there, as a transposed matrix does), so that it too is read with vector
// accesses, one per W elements down a column, while row-major arrays are read a row at a time.
// Requires 32-bit indexing, extents divisible by the tile, and outputs that are row-major.
#pragma once

#include "gpucc/abi/indexer_layout.h"
#include "gpucc/array/shape.h"

#include <cstdint>

namespace gpucc::detail {

// The layout's words, flags and sizes (gpucc/abi/indexer_layout.h, shared with the compiler).
using namespace gpucc::abi;

/// One non-raw parameter as the layout sees it: its element strides along the (uncollapsed)
/// loop shape, 0 where it is broadcast; `vector_aligned` says its address suits a vector
/// access; `is_scalar` marks a scalar input (no memory).
struct LoopOperand {
    std::int64_t strides[kMaxNdim];
    bool vector_aligned;
    bool is_scalar;
    bool is_output;
};

/// The collapsed layout of a loop over `shape` (every extent >= 1, element count >= 1).
/// Returns the number of collapsed dimensions written to `words`, or a number larger than
/// kIndexerDims when the layout needs more (the caller reports it). `vector_width` is the
/// kernel's elements_per_thread.
int build_indexer(const Shape& shape, const LoopOperand* operands, int operand_count,
                  int vector_width, std::int64_t* words);

/// The 32-bit divisor word for `divisor` in [1, 2^31].
std::int64_t fast_divisor_word(std::int64_t divisor);

} // namespace gpucc::detail
