// The calling convention between generated kernels and the runtime, in one place. The runtime
// packs one `void*` per argument slot (exactly cuLaunchKernel's kernelParams) and the same array
// is handed to the host version of the kernel, so both targets read arguments identically:
//
//   non-raw input   ->  `const T* ptr`, then `T value`  (ptr == nullptr: the argument is a scalar)
//   non-raw output  ->  `T* ptr`
//   raw parameter   ->  `T* ptr`
//   after them all  ->  `int64_t n`, the number of elements of the loop
//
// Values travel in their storage form: bool as one byte, float16/bfloat16 as their 16 bits.
// The GPU entry point is named by the instance symbol (names are per device image, so they need no
// prefix). The host entry point is a global C symbol "<module>__<symbol>__host" with the
// signature `void(void** args, int64_t begin, int64_t end)`, built for baseline x86-64; a second
// one, "<module>__<symbol>__host_v3", is the same loop built for x86-64-v3 (AVX2 and FMA, with
// libmvec's 8-lane math), and the runtime calls it on CPUs that have those instructions.
#pragma once

#include "compiler/kir/KernelIR.h"
#include "gpucc/abi/indexer_layout.h"
#include "gpucc/abi/reduction_plan_layout.h"

#include <string>

namespace gpucc {

/// How a parameter occupies argument slots.
enum class SlotKind { ArrayOrScalarInput, ArrayOutput, RawArray };

SlotKind slot_kind(const kir::Param& param);

/// Number of argument slots of an instance (including the trailing `n`).
int slot_count(const kir::ElementwiseInstance& instance);

/// Elements each GPU thread handles per loop iteration with one vector access per array:
/// min(4, 16 / the widest non-raw element), a power of two. The runtime sizes grids with it.
int elements_per_thread(const kir::ElementwiseInstance& instance);

/// The instruction sets the host code is built for; every host entry point exists once per level.
enum class HostIsa { X86_64, X86_64_V3 };
inline constexpr HostIsa kHostIsas[] = {HostIsa::X86_64, HostIsa::X86_64_V3};

/// LLVM's CPU name for `isa` ("x86-64", "x86-64-v3").
const char* host_cpu_name(HostIsa isa);

/// The entry points of every instance: the contiguous one, for arrays that all have the loop
/// shape and are C-contiguous, and the strided one, which takes one more slot after `n`: a
/// pointer to the loop layout below (on the GPU, the layout itself, a by-value parameter). On
/// the GPU, an instance with elements_per_thread > 1 has two more entry points with the strided
/// one's parameters, each holding one of its loops: StridedVector for layouts with kVectorOk and
/// StridedTiled for kTiled (Strided keeps the element-at-a-time loops). A kernel's registers are
/// those of its hungriest loop, so apart the vector loop runs at full occupancy.
enum class EntryKind { Contiguous, Strided, StridedVector, StridedTiled };

/// Whether `entry` takes the loop layout (every kind but Contiguous).
inline bool takes_layout(EntryKind entry) {
    return entry != EntryKind::Contiguous;
}

/// Whether the GPU image holds entry point `entry` for `instance` (see EntryKind).
bool has_gpu_entry(const kir::ElementwiseInstance& instance, EntryKind entry);

/// The host entry point of an instance of module `module_name`, built for `isa`:
/// "<module>__<symbol>__host", "..._strided" for the strided entry, then "_v3" for x86-64-v3.
std::string host_symbol(const std::string& module_name, const kir::ElementwiseInstance& instance,
                        HostIsa isa = HostIsa::X86_64, EntryKind entry = EntryKind::Contiguous);

/// The GPU entry point's name: the instance symbol, "<symbol>__strided" for the strided entry,
/// "<symbol>__strided_vector" and "<symbol>__strided_tiled" for its two loops apart.
std::string gpu_symbol(const kir::ElementwiseInstance& instance,
                       EntryKind entry = EntryKind::Contiguous);

/// The loop layout of a strided entry point: int64 words, stated once for the compiler and the
/// runtime in gpucc/abi/indexer_layout.h (word 0 ndim, word 1 flags, then extents, divisors, each
/// parameter's strides and, with kIndexerTiled, how a tile reads each parameter).
using abi::kIndexerDims;
using abi::kIndexerDivisorWord;
using abi::kIndexerShapeWord;
using abi::kIndexerStrideWord;
using abi::kTileBroadcast;
using abi::kTileColumns;
using abi::kTileElements;
using abi::kTileRows;
inline constexpr std::int64_t kIndexerFlagIndex32 = abi::kIndexerIndex32;
inline constexpr std::int64_t kIndexerFlagVectorOk = abi::kIndexerVectorOk;
inline constexpr std::int64_t kIndexerFlagTiled = abi::kIndexerTiled;

/// Number of non-raw parameters of an instance (the operands of the loop layout).
int loop_operand_count(const kir::ElementwiseInstance& instance);

/// Words of the loop layout of an instance.
int indexer_words(const kir::ElementwiseInstance& instance);

// ---------------------------------------------------------------------------------------------
// Reduction kernels
// ---------------------------------------------------------------------------------------------
//
// A reduction instance has two GPU entry points with the same parameters, one per thread mapping
// of the plan: the lanes kernel, named by the instance symbol, for kReduceLanesFirst plans, and
// the rows kernel, "<symbol>__rows", for the others (apart, each has the registers of its own
// loops only). It has three host functions.
// Argument slots, the same array on both targets (values in storage form, as above):
//
//   array input   ->  `const T* ptr`        (a post array too: Param::is_post)
//   scalar input  ->  `T value`             (`scalar T p`)
//   output        ->  `T* ptr`
//   then the plan      int64[reduce_plan_words]: by value on the GPU; on the host args[slot]
//                      points at the words themselves
//   then `void* partials`, then `uint32_t* semaphores`  (GPU with S > 1; null otherwise)
//
// The plan's words, flags and sizes are stated once for the compiler and the runtime, in
// gpucc/abi/reduction_plan_layout.h; the thread mapping and the slices are explained in the
// runtime's gpucc/detail/reduction_plan.h.
//
// Host functions (baseline x86-64; the partial loop also for x86-64-v3, suffix "_v3"):
//   "<module>__<symbol>__host_partial"  void(void** args, int64_t o, int64_t begin, int64_t end,
//                                            void* result)
//       writes to `result` the reduce-type value of the mapped elements r in [begin, end) of
//       output o (begin < end), combined with `reduce`.
//   "<module>__<symbol>__host_combine"  void(void* acc, const void* other)
//       acc = reduce(acc, other).
//   "<module>__<symbol>__host_finish"   void(void** args, int64_t o, const void* reduced)
//       runs post for output o with a = *reduced, or a = identity when reduced is null (an empty
//       reduction; only for kernels with an identity).
using abi::kReduceBlockSize;
using abi::kReduceDims;
using abi::kReduceIndex32;
using abi::kReduceLanesFirst;
using abi::kReducePlanFlags;
using abi::kReducePlanInputSize;
using abi::kReducePlanLaneShift;
using abi::kReducePlanOuterDivisor;
using abi::kReducePlanOuterExtent;
using abi::kReducePlanOuterNdim;
using abi::kReducePlanOuterStride;
using abi::kReducePlanOutputs;
using abi::kReducePlanOutputShift;
using abi::kReducePlanReduced;
using abi::kReducePlanReduceNdim;
using abi::kReducePlanSliceLength;
using abi::kReducePlanSlices;
using abi::kReduceVector;

enum class ReductionHostEntry { Partial, Combine, Finish };

/// Array inputs that map reads (post arrays are not counted).
int reduction_array_inputs(const kir::ReductionInstance& instance);
/// Array inputs as the plan counts them: the kernel's, then the position operand when map reads
/// `_J` (outer strides 0, reduce strides the C-order strides of the reduced axes, so that its
/// element offset is the position; operand index reduction_array_inputs()).
int reduction_plan_inputs(const kir::ReductionInstance& instance);
int reduction_outputs(const kir::ReductionInstance& instance);
/// A fused function's arrays read by post (Param::is_post). The plan lists them after the
/// outputs, as outputs it only reads: their outer strides are those of the array broadcast to the
/// output's shape (operand index reduction_plan_inputs() + reduction_outputs() + k, in parameter
/// order); reduction_plan_outputs() is outputs and post arrays together.
int reduction_post_arrays(const kir::ReductionInstance& instance);
int reduction_plan_outputs(const kir::ReductionInstance& instance);
int reduction_slot_count(const kir::ReductionInstance& instance);
/// The first word of the reduce dimensions in the plan, and the plan's size in words.
int reduce_plan_reduce_word(const kir::ReductionInstance& instance);
int reduce_plan_words(const kir::ReductionInstance& instance);
/// The lanes kernel's name (the instance symbol) or the rows kernel's ("<symbol>__rows").
std::string reduction_gpu_symbol(const kir::ReductionInstance& instance, bool rows);
/// V of kReduceVector: min(4, 16 / the widest array input element), at least 1.
int reduce_vector_width(const kir::ReductionInstance& instance);
/// Bytes of one partial result in memory: the reduce type's, or 8 per component of a tuple
/// reduce type (kir::ReductionComponent).
int reduction_value_bytes(const kir::ReductionInstance& instance);
/// Whether the reduction has an identity: every component of a tuple reduce type has one.
bool reduction_has_identity(const kir::ReductionInstance& instance);

/// "<module>__<symbol>__host_partial" (then "_v3" for x86-64-v3), "__host_combine",
/// "__host_finish".
std::string reduction_host_symbol(const std::string& module_name,
                                  const kir::ReductionInstance& instance, ReductionHostEntry entry,
                                  HostIsa isa = HostIsa::X86_64);

/// The symbols of embedded device image `group` (KernelParts.h: a module of many instances has
/// several) and of its size in the generated object: "gpucc_image_<module>" for the first,
/// "gpucc_image_<module>__<group>" for a later one.
std::string image_symbol(const std::string& module_name, std::size_t group = 0);
std::string image_size_symbol(const std::string& module_name, std::size_t group = 0);
/// The image's flags, a uint64 (GridDependency.h: kImageWaitsForPriorGrids).
std::string image_flags_symbol(const std::string& module_name, std::size_t group = 0);

} // namespace gpucc
