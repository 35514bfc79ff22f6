// Builds the LLVM module of every kernel instance of a gpucc module for one target, and runs
// LLVM's optimization pipeline on it. Shared by the NVPTX and host back ends, which differ in the
// target machine and in what they link in (libdevice) or embed (the device image).
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>
#include <memory>

namespace gpucc {

/// Instances [first, last) of a module, counted in the order build_kernel_module emits them
/// (elementwise, reductions, grid kernels; each kernel's instances in order).
struct InstanceRange {
    std::size_t first = 0;
    std::size_t last = static_cast<std::size_t>(-1);
};

/// A fresh module with the target machine's triple and data layout, holding the entry points of
/// the instances in `range` (default: every instance) for `target` (host entry points built for
/// `isa`).
std::unique_ptr<llvm::Module> build_kernel_module(const kir::Module& kernels, CodegenTarget target,
                                                  llvm::TargetMachine& machine,
                                                  llvm::LLVMContext& context,
                                                  HostIsa isa = HostIsa::X86_64,
                                                  InstanceRange range = {});

/// Runs the -O3 pipeline of `machine`'s target on `module` (NVVMReflect and the NVPTX passes
/// come with the target's pass-builder callbacks; the host gets the libmvec variants `isa` may
/// call, so a module holds the code of one host instruction set).
void optimize_module(llvm::Module& module, llvm::TargetMachine& machine, CodegenTarget target,
                     HostIsa isa = HostIsa::X86_64);

} // namespace gpucc
