// Lowers the math builtins of the kernel IR to LLVM IR for each target: LLVM intrinsics where the
// target has an exact instruction (sqrt, fabs, floor, fma, min/max), libdevice's __nv_* functions
// on NVPTX (linked in by NvptxBackend), and C's libm names on the host, which LLVM's loop
// vectorizer maps to glibc's vector math (libmvec).
#pragma once

#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/IRBuilder.h>

namespace gpucc {

/// Emits `builtin(args...)`. `operand_type` is the type Sema chose for the operands (already
/// converted); the result has that type, or i1 for the predicates.
llvm::Value* emit_math_builtin(llvm::IRBuilder<>& builder, CodegenTarget target,
                               kir::Builtin builtin, ScalarType operand_type,
                               llvm::ArrayRef<llvm::Value*> args);

} // namespace gpucc
