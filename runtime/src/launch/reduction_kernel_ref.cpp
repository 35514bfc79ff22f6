// ReductionKernelRef: what a generated header declares for one reduction instance, the GPU entry
// point (a KernelRef, so the per-device CUfunction cache and its errors are the elementwise
// path's) and the three host functions, with the partial loop chosen for the CPU's instruction
// set as KernelRef::host_function chooses. It is apart from reduction.cpp as KernelRef
// (module_registry.cpp) is apart from ElementwiseLaunch: one reference lives for the program,
// constant-initialized (its constructor is in the header), while a launch is built for every call.
#include "gpucc/detail/reduction_launch.h"

namespace gpucc::detail {

HostReducePartialFn ReductionKernelRef::host_partial() const {
    // A kernel without all three host functions has no host version.
    if (host_.combine == nullptr || host_.finish == nullptr) {
        return nullptr;
    }
    if (host_isa() == HostIsa::X86_64_V3 && host_.partial_v3 != nullptr) {
        return host_.partial_v3;
    }
    return host_.partial;
}

} // namespace gpucc::detail
