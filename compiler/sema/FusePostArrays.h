// The arrays a fused function reads after its reduction (`fuse f(x, b) = sum(x, axis=1) > b;`):
// which parameters they are, decided from what the lowering read where. Such a parameter becomes a
// post array (kir::Param::is_post): the reduction kernel reads it at each output element's
// coordinates, broadcast to the output shape, and its C++ function keeps the natural signature
// (`f(x, b)`). A parameter read both by the reduction's operand and after it is diagnosed: its
// result would have the inputs' shape, which a fused reduction does not compute. Internal to sema/.
#pragma once

#include "compiler/basic/SourceLocation.h"
#include "compiler/kir/KernelIR.h"

#include <string>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// One read of an array parameter in a fused function with a reduction.
struct FuseArrayRead {
    std::string name;
    SourceLocation loc;
    bool after_reduction = false; ///< read by a post-operation, not by the reduction's operand
};

/// Sets is_post on every array parameter of `params` and `signature` (the same names) that
/// `reads` has read only after the reduction. Reports each one read on both sides to `diags`
/// (at its first read after the reduction) and returns false then.
bool mark_post_arrays(const std::vector<FuseArrayRead>& reads, std::vector<kir::Param>& params,
                      std::vector<kir::ParamSignature>& signature, DiagnosticEngine& diags);

} // namespace gpucc::sema
