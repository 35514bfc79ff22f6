// Reading argument slots and declaring host entry points, as every kernel kind does it. The
// runtime packs one `void*` per argument slot (cuLaunchKernel's kernelParams, KernelAbi.h): a GPU
// entry point takes one parameter per slot, and a host entry point takes the same array as
// `void** args`, where args[slot] points at the slot's value. 16-bit floats travel as their bits,
// an i16 parameter on the GPU, which every PTX parameter can carry. Host entry points are built
// for one CPU level (HostIsa) and carry its name and features, as clang's -march would set them.
// Elementwise, jit-style and reduction emitters all use these, so the convention lives here once.
#pragma once

#include "compiler/abi/KernelAbi.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>

namespace gpucc {

/// The type of a GPU parameter holding a scalar whose storage type is `stored`: i16 for the
/// 16-bit floats, `stored` otherwise.
llvm::Type* gpu_scalar_slot_type(llvm::Type* stored);

/// Marks `function` as code for the CPU of `isa`: its target-cpu and target-features.
void set_host_cpu(llvm::Function& function, HostIsa isa);

/// Reads the argument slots of an entry point in order, starting at slot 0.
class ArgumentReader {
public:
    /// `host_args` is a host entry point's `void** args`, or null for a GPU entry point, whose
    /// parameters are the slots.
    ArgumentReader(llvm::IRBuilder<>& builder, llvm::Function& function, llvm::Value* host_args)
        : builder_(builder), function_(function), host_args_(host_args) {}

    /// The next slot's value, of `type`.
    llvm::Value* value(llvm::Type* type);

    /// The next slot holding a scalar stored as `stored` (a 16-bit float comes as its bits on the
    /// GPU and is given back as `stored`).
    llvm::Value* scalar(llvm::Type* stored);

    /// The next slot as an address: the parameter on the GPU (a pointer, or a by-value aggregate
    /// lowered to one), args[slot] itself on the host, which points at the data.
    llvm::Value* address();

private:
    /// args[slot] on the host; advances to the next slot.
    llvm::Value* host_slot_address();

    llvm::IRBuilder<>& builder_;
    llvm::Function& function_;
    llvm::Value* host_args_;
    unsigned slot_ = 0;
};

} // namespace gpucc
