// The persistent lowering of a fused function with several reductions over one axis (softmax,
// log-sum-exp, variance: language.md section 5, as PyTorch Inductor's persistent reductions). It
// becomes one jit-style kernel, `NAME__rows`, launched with a block per row of the inputs seen as
// a (rows, length) matrix whose last axis is the reduced one: each reduction is a pass of the
// block over its row (a warp-shuffle and shared-memory block reduction), a later reduction's
// operand reads the earlier reduced values broadcast back along the row, and a last pass writes
// the result (of the full shape, or one value per row). Each reduction is lowered by the
// one-reduction lowering (FuseLowering.h) from a copy of the definition in which the earlier
// reductions are names (FuseClone.h); the kernel body is then checked as a jit-style body, so the
// grid kernel's code generators give both targets. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/Sema.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// Whether `def` calls more than one reduction (counted as written).
bool fuse_is_persistent(const ast::FuseDef& def);

/// The most elements of a row one thread of `NAME__rows` holds in registers, for inputs of
/// `bytes` bytes per element in all: a row of up to 32 times that is held by a warp, up to
/// blockDim.x times that by the block (runtime/include/gpucc/detail/fused_rows_launch.h picks
/// the launch from the same number), a longer one is read by each pass.
int persistent_register_slots(int bytes);

/// Whether one instance (the parameters' types `params`) lowers without error; nothing is
/// reported (the implicit placeholder's types are those for which it does).
bool persistent_instance_lowers(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                const std::set<std::string>& module_kernels);

/// Checks `def` (fuse_is_persistent) and builds its kernel `NAME__rows`: parameters
/// `rows_of_<input>` (rank 2: rows by the reduced axis) and `rows_of_out` (rank 2 for a result of
/// the full shape, rank 1 for one value per row). Errors are reported to `diags`.
std::optional<kir::GridKernel> check_fuse_persistent(const ast::FuseDef& def,
                                                     const ast::Module& module,
                                                     const SemaOptions& options,
                                                     DiagnosticEngine& diags);

} // namespace gpucc::sema
