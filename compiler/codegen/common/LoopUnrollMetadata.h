// `#pragma unroll` in LLVM IR: the `!llvm.loop` node Clang attaches to a loop's latch branch for
// CUDA's pragma (a distinct node whose first operand is itself, then the unroll property), which
// LLVM's loop unroller reads. Every emitter that builds a source loop calls this once the loop's
// blocks are complete.
#pragma once

#include "compiler/basic/LoopUnroll.h"

namespace llvm {
class BasicBlock;
class Instruction;
} // namespace llvm

namespace gpucc {

/// Marks the loop whose header is `header` with `unroll` (nothing for Default): each branch back
/// to the header gets the same node, since LLVM reads a loop's metadata only when every latch
/// carries it. `entry`, the branch into the loop from before it, is left alone.
void attach_loop_unroll(llvm::BasicBlock* header, const llvm::Instruction* entry,
                        const LoopUnroll& unroll);

} // namespace gpucc
