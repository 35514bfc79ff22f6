// The CUDA limit on a kernel's parameters, checked before ptxas. An entry function's parameters
// (its arrays' pointers, its scalars, the layout block of a strided variant) live in a bank of
// constant memory of fixed size: 32,764 bytes on sm_70 and later (CUDA 12.1 and later), 4,096
// before. An elementwise kernel with hundreds of inputs and outputs passes it; ptxas would reject
// the PTX only after LLVM spent minutes on the kernel, so gpucc counts the bytes as ptxas does on
// the kernel's unoptimized LLVM module and says so at the kernel's .dsl definition.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace gpucc {

class DiagnosticEngine;

/// The most bytes of parameters an entry function may take on sm_`arch`.
std::uint64_t kernel_param_limit(int arch);

/// The bytes of parameter space `entry` takes: each parameter at its alignment, a by-value
/// aggregate (byval) by its size.
std::uint64_t kernel_param_bytes(const llvm::Function& entry);

/// An entry function over the limit.
struct ParamOverflow {
    std::string entry;       ///< the entry function's symbol
    std::uint64_t bytes = 0; ///< its parameter bytes
    std::size_t params = 0;  ///< its parameter count
};

/// The entry functions of `module` (calling convention PTX_Kernel) over sm_`arch`'s limit, in
/// module order. Touches nothing but `module`: safe on a worker thread.
std::vector<ParamOverflow> find_param_overflows(const llvm::Module& module, int arch);

/// Reports each overflow at the definition in `kernels` of the kernel its entry belongs to, once
/// per definition.
void report_param_overflows(const std::vector<ParamOverflow>& overflows, const kir::Module& kernels,
                            int arch, DiagnosticEngine& diags);

} // namespace gpucc
