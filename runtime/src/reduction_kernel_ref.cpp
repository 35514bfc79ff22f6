// ReductionKernelRef: what a generated header declares for one reduction instance, the GPU entry
// point (a KernelRef, so the per-device CUfunction cache and its errors are the elementwise
// path's) and the three host functions, with the partial loop chosen for the CPU's instruction
// set as KernelRef::host_function chooses. It is apart from reduction_launch.cpp as KernelRef
// (module_registry.cpp) is apart from ElementwiseLaunch: one reference lives for the program,
// declared at static initialisation, while a launch is built for every call.
#include "gpucc/detail/reduction_launch.h"

#include <algorithm>

namespace gpucc::detail {

ReductionKernelRef::ReductionKernelRef(ModuleImage& image, const char* symbol, HostEntries host,
                                       int vector_width, int reduce_size, bool has_identity,
                                       int array_inputs, int outputs,
                                       bool reduced_position) noexcept
    : rows_symbol_(std::string(symbol) + "__rows"),
      gpu_(image, symbol, rows_symbol_.c_str(), KernelRef::HostEntry{nullptr, nullptr},
           KernelRef::HostEntry{nullptr, nullptr}, 1),
      host_(host), vector_width_(std::max(1, vector_width)), reduce_size_(reduce_size),
      has_identity_(has_identity), array_inputs_(array_inputs), outputs_(outputs),
      reduced_position_(reduced_position) {
}

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
