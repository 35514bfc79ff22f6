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
// signature `void(void** args, int64_t begin, int64_t end)`.
#pragma once

#include "compiler/kir/KernelIR.h"

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

/// The host entry point of an instance of module `module_name`.
std::string host_symbol(const std::string& module_name, const kir::ElementwiseInstance& instance);

/// The symbols of the embedded device image and of its size in the generated object.
std::string image_symbol(const std::string& module_name);
std::string image_size_symbol(const std::string& module_name);

} // namespace gpucc
