// Loops built over an llvm::IRBuilder, as every kernel emitter needs them: the elementwise loops
// over [begin, end) and grid-stride loops, the reduction's loops over its positions, the host
// version of a jit-style kernel looping over blocks and threads. Each emitter used to write out
// the same header, phi, test, body and back edge by hand; these helpers write them once, so an
// emitter's function reads as the loop structure it describes. The blocks are created in the
// order header, body, latch, exit and the instructions come in the order the hand-written loops
// had, so the IR is the same as before the helpers existed.
#pragma once

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/IRBuilder.h>
#include <string>
#include <vector>

namespace gpucc {

/// Names of a loop's blocks. An empty `latch` means no latch block: the body's last block
/// increments and branches back itself.
struct LoopBlockNames {
    std::string header;
    std::string body;
    std::string exit;
    std::string latch = {};
};

/// A value carried around a loop: a phi in the header, starting at `initial`.
struct LoopValue {
    llvm::Value* initial;
    std::string name;
};

/// The header's test: stay in the loop while `condition` holds, or with `leave_when_true`, leave
/// when it holds (the branch then lists the exit first).
struct LoopTest {
    llvm::Value* condition;
    bool leave_when_true = false;
};

/// How a counted loop compares its index with the end.
enum class LoopCompare { SignedLess, UnsignedLess };

/// `for (index = begin; index < end; index += step)`.
struct CountedLoop {
    llvm::Value* begin = nullptr;
    llvm::Value* end = nullptr;
    /// Null: 1 of the index's type.
    llvm::Value* step = nullptr;
    LoopCompare compare = LoopCompare::SignedLess;
    /// The increment is `add nuw nsw` (the index cannot wrap).
    bool no_wrap = false;
    std::string index_name;
    LoopBlockNames blocks;
    /// An existing block to leave to, instead of a new one named blocks.exit.
    llvm::BasicBlock* exit = nullptr;
};

/// The loop over element indices most emitters write: signed `index < end`, an increment that
/// cannot wrap (the indices are below a size that fits the type), blocks named prefix.header,
/// prefix.body and prefix.exit. A null `step` is 1.
CountedLoop element_loop(llvm::Value* begin, llvm::Value* end, llvm::Value* step,
                         std::string index_name, const std::string& prefix);

/// `for (r = *position; r + (unroll - 1) * step < end; r += unroll * step)`, with r in a stack
/// slot rather than a phi (so the body may branch freely): one iteration covers the positions r,
/// r + step, ..., r + (unroll - 1) * step. `position` holds the start on entry and the first
/// position not covered on exit, where a loop with a smaller unroll can go on.
struct SlotLoop {
    llvm::AllocaInst* position = nullptr;
    llvm::Value* step = nullptr;
    llvm::Value* end = nullptr;
    int unroll = 1;
    LoopBlockNames blocks;
};

/// Builds `while (test(values)) values = body(values)` from the builder's insertion point, which
/// becomes the preheader; `values` are one phi per entry of `carried`, in order. `body` runs with
/// the builder in the loop's body block and returns the next iteration's values, computed in
/// whatever block it leaves the builder in (which must not be terminated). Leaves the builder in
/// the exit block and returns the phis.
std::vector<llvm::PHINode*>
emit_loop(llvm::IRBuilder<>& builder, const LoopBlockNames& blocks,
          llvm::ArrayRef<LoopValue> carried,
          llvm::function_ref<LoopTest(llvm::ArrayRef<llvm::PHINode*>)> test,
          llvm::function_ref<std::vector<llvm::Value*>(llvm::ArrayRef<llvm::PHINode*>)> body);

/// Builds the counted loop `loop` from the builder's insertion point. `body` gets the index and
/// the latch block (null without one; a body may branch to it to end an iteration early, and its
/// last block falls through to it unless terminated). Leaves the builder in the exit block and
/// returns the index.
llvm::PHINode*
emit_counted_loop(llvm::IRBuilder<>& builder, const CountedLoop& loop,
                  llvm::function_ref<void(llvm::PHINode* index, llvm::BasicBlock* latch)> body);

/// Builds the slot loop `loop` from the builder's insertion point; `body` gets r, loaded from the
/// slot in the header, and must leave the builder in an unterminated block. Leaves the builder in
/// the exit block.
void emit_slot_loop(llvm::IRBuilder<>& builder, const SlotLoop& loop,
                    llvm::function_ref<void(llvm::Value* r)> body);

} // namespace gpucc
