// The plan a reduction kernel reads: the outputs' index space and the reduced index space, each
// collapsed and listed innermost first, every array's element strides along them, and how the
// GPU threads share the work, packed as int64 words. The runtime writes it
// (runtime/src/launch/reduction_plan.cpp); the compiler generates the reading side. The words,
// flags and sizes are stated once, in gpucc/abi/reduction_plan_layout.h, which the compiler
// includes too.
//
// A reduction computes, for every output position o in [0, M) and every reduced position r in
// [0, K), map(inputs at (o, r)), combines the K mapped values of each o with `reduce`, and runs
// `post` once per o. An input's element offset at (o, r) is outer_offset(o) + reduce_offset(r);
// an output's is outer_offset(o). Linear positions are decomposed innermost first by the extents.
// A kernel whose map reads `_J` (the position along the reduced axes, in C order of the reduced
// axes of the broadcast shape) has one more array input in the plan, after its own: the position
// operand, with outer strides 0 and the C-order strides of the reduced axes, so that its element
// offset at (o, r) is `_J` whatever order the plan visits the reduced positions in.
//
//   word 0   flags: kReduceIndex32 (M and K < 2^31: 32-bit decomposition with the divisors) |
//            kReduceLanesFirst (see below) | kReduceVector (see below)
//   word 1   M, the number of outputs (>= 1)
//   word 2   K, the elements reduced into each output (>= 0)
//   word 3   the input size after broadcasting, M * K (the kernel's `_in_ind.size()`)
//   word 4   outer ndim, 0..D (0: M == 1)
//   word 5   reduce ndim, 0..D (0: K <= 1)
//   word 6   log2(Rb): Rb threads of a block reduce one output together (its "lanes")
//   word 7   log2(Ob): a block handles Ob consecutive outputs; Rb * Ob == the block size
//   word 8   S, slices: the GPU grid is (ceil(M / Ob), S); slice s of the reduced positions
//   word 9   slice length L: slice s covers r in [s*L, min(K, (s+1)*L)); every slice non-empty
//   words 10..15 zero
//   words 16 .. 16+D           outer extents
//   words 16+D .. 16+2D        their divisors (fast_divisor_word, strided_indexer.h)
//   words 16+2D + a*D + k      element stride of array operand a along outer dimension k;
//                              operands are the array inputs then the outputs, in kernel order
//   R = 16 + 2D + (I+O)*D      (I array inputs, O outputs)
//   words R .. R+D             reduce extents
//   words R+D .. R+2D          their divisors
//   words R+2D + i*D + k       element stride of array input i along reduce dimension k
//
// Thread mapping on the GPU, block of Rb * Ob threads, thread t: with kReduceLanesFirst,
// lane = t % Rb and output o = blockIdx.x * Ob + t / Rb (reduced positions run along the lanes of
// a warp: for a contiguous reduced axis); without it, o = blockIdx.x * Ob + t % Ob and lane =
// t / Ob (outputs run along the warp: for a strided reduced axis with contiguous outputs). Lane l
// of slice s takes r = s*L + l, s*L + l + Rb, ...; with kReduceVector (lanes first only) it takes
// vectors of V consecutive positions instead, r = s*L + V*l, + V*Rb, ..., where V is the kernel's
// reduce_vector_width; the flag promises: reduce ndim == 1, every array input has stride 1 along
// reduce dimension 0, outer strides that are multiples of V, and an address aligned to V
// elements, and L is a multiple of V.
//
// With S > 1 each block writes its partial result for each of its outputs to the partials
// buffer, at s * M + o (M * S reduce-type values), then counts itself in the semaphore of its
// blockIdx.x (zero before the launch); the last block of each column combines the S partials in
// slice order (so the result does not depend on which block finished last) and runs post.
#pragma once

#include "gpucc/abi/reduction_plan_layout.h"

#include <cstdint>

namespace gpucc::detail {

// The plan's words, flags and sizes (gpucc/abi/reduction_plan_layout.h, shared with the
// compiler).
using namespace gpucc::abi;

} // namespace gpucc::detail
