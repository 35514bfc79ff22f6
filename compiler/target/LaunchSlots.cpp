// The argument-slot limit of elementwise and reduction kernels (LaunchSlots.h), counted from the
// kernel IR with the ABI's own slot counts (compiler/abi), so the count is the one the wrappers
// push at run time.
#include "compiler/target/LaunchSlots.h"

#include "compiler/abi/KernelAbi.h"
#include "compiler/diag/Diagnostics.h"

#include <string>

namespace gpucc {

namespace {

/// "1 input, 400 outputs" for the message.
std::string role_counts(const std::vector<kir::ParamSignature>& params) {
    int inputs = 0;
    int outputs = 0;
    for (const kir::ParamSignature& param : params) {
        (param.role == kir::ParamRole::Input ? inputs : outputs) += 1;
    }
    auto counted = [](int count, const char* noun) {
        return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
    };
    return counted(inputs, "input") + ", " + counted(outputs, "output");
}

/// "20 array inputs, 1 output" (and the arrays a post-operation reads) for the message.
std::string array_counts(const kir::ReductionInstance& instance) {
    auto counted = [](int count, const char* noun) {
        return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
    };
    std::string text = counted(reduction_array_inputs(instance), "array input") + ", " +
                       counted(reduction_outputs(instance), "output");
    if (int post = reduction_post_arrays(instance); post > 0) {
        text += ", " + counted(post, "array") + " read after the reduction";
    }
    return text;
}

} // namespace

bool check_launch_slots(const kir::Module& kernels, DiagnosticEngine& diags) {
    bool fits = true;
    // Every instance of a kernel takes the same slots: the count depends on the parameters'
    // roles and rawness, not on their types.
    for (const kir::ElementwiseKernel& kernel : kernels.elementwise) {
        if (kernel.instances.empty()) {
            continue;
        }
        if (int slots = slot_count(kernel.instances.front()); slots > kMaxLaunchSlots) {
            diags.report(kernel.loc, DiagKind::LaunchSlots, kernel.name, slots,
                         role_counts(kernel.params), kMaxLaunchSlots);
            fits = false;
        }
    }
    for (const kir::ReductionKernel& kernel : kernels.reductions) {
        if (kernel.instances.empty()) {
            continue;
        }
        const kir::ReductionInstance& instance = kernel.instances.front();
        if (int slots = reduction_slot_count(instance); slots > kMaxLaunchSlots) {
            diags.report(kernel.loc, DiagKind::LaunchSlots, kernel.name, slots,
                         role_counts(kernel.params), kMaxLaunchSlots);
            fits = false;
        } else if (int arrays = reduction_array_inputs(instance) + reduction_outputs(instance) +
                                reduction_post_arrays(instance);
                   arrays > abi::kMaxReductionArrays) {
            diags.report(kernel.loc, DiagKind::ReductionArrays, kernel.name, arrays,
                         array_counts(instance), abi::kMaxReductionArrays);
            fits = false;
        }
    }
    return fits;
}

} // namespace gpucc
