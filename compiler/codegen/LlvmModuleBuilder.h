// Builds the LLVM module of every kernel instance of a gpucc module for one target, and runs
// LLVM's optimization pipeline on it. Shared by the NVPTX and host back ends, which differ in the
// target machine and in what they link in (libdevice) or embed (the device image).
#pragma once

#include "compiler/codegen/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>
#include <memory>

namespace gpucc {

/// A fresh module with the target machine's triple and data layout, holding every instance's
/// entry point for `target`.
std::unique_ptr<llvm::Module> build_kernel_module(const kir::Module& kernels, CodegenTarget target,
                                                  llvm::TargetMachine& machine,
                                                  llvm::LLVMContext& context);

/// Runs the -O3 pipeline of `machine`'s target on `module` (NVVMReflect and the NVPTX passes
/// come with the target's pass-builder callbacks; the host gets libmvec for vectorized math).
void optimize_module(llvm::Module& module, llvm::TargetMachine& machine, CodegenTarget target);

} // namespace gpucc
