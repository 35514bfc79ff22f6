// The persistent lowering of a fused function with several reductions over one axis (softmax,
// log-sum-exp, variance: language.md section 5, as PyTorch Inductor's persistent reductions). It
// becomes jit-style kernels over the inputs seen as a (rows, length) matrix whose last axis is
// the reduced one: `NAME__rows`, a block per row of any length, each reduction a pass of the
// block over its row (a warp-shuffle and shared-memory block reduction) and a last pass writing
// the result; and, on the GPU, one kernel per row-length class holding the row in registers (a
// warp or a block per row), so that each gets its own register allocation. A later reduction's
// operand reads the earlier reduced values broadcast back along the row; the result has the
// full shape or one value per row. Each reduction is lowered by the
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

/// A kernel `NAME__rows_<suffix>` holding each row in registers: `slots` elements per thread,
/// a warp per row (`by_warp`: rows of up to 32 * slots elements, several rows per block) or a
/// block per row (up to blockDim.x * slots). GPU only; the header's launch
/// (runtime/include/gpucc/detail/fused_rows_launch.h) picks the first that holds the row.
struct PersistentRowVariant {
    const char* suffix;
    bool by_warp;
    int slots;
};

/// The register kernels of every persistent fused function, shortest rows first.
const std::vector<PersistentRowVariant>& persistent_row_variants();

/// Whether the launch uses `variant` for inputs of `bytes` bytes per element in all: its held
/// values take at most 128 bytes per thread (32 float32, 16 float64). FusedRowsLaunch::pick
/// applies the same rule.
inline bool persistent_variant_fits(const PersistentRowVariant& variant, int bytes) {
    return variant.slots * bytes <= 128;
}

/// Whether one instance (the parameters' types `params`) lowers without error; nothing is
/// reported (the implicit placeholder's types are those for which it does).
bool persistent_instance_lowers(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                const std::set<std::string>& module_kernels);

/// Checks `def` (fuse_is_persistent) and builds its kernels: `NAME__rows` (any row, both
/// targets; it carries kir::FusedRows) and the register kernels (persistent_row_variants()),
/// each with parameters `rows_of_<input>` (rank 2: rows by the reduced axis) and `rows_of_out`
/// (rank 2 for a result of the full shape, rank 1 for one value per row). Errors are reported
/// to `diags` (then nothing is returned).
std::vector<kir::GridKernel> check_fuse_persistent(const ast::FuseDef& def,
                                                   const ast::Module& module,
                                                   const SemaOptions& options,
                                                   DiagnosticEngine& diags);

} // namespace gpucc::sema
