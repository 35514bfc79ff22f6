// The host instruction-set choice (gpucc/cpu/isa.h).
#include "gpucc/cpu/isa.h"

#include "gpucc/errors.h"

#include <cstdlib>
#include <string>
#include <string_view>

namespace gpucc {
namespace detail {

HostIsa choose_host_isa(const char* requested) {
    const HostIsa best = cpu_supports(HostIsa::X86_64_V3) ? HostIsa::X86_64_V3 : HostIsa::X86_64;
    if (requested == nullptr || *requested == '\0') {
        return best;
    }
    for (HostIsa isa : {HostIsa::X86_64, HostIsa::X86_64_V3}) {
        if (std::string_view(requested) != to_string(isa)) {
            continue;
        }
        if (!cpu_supports(isa)) {
            throw ValueError(std::string("GPUCC_HOST_ISA=") + requested +
                             ": this CPU does not support it (it supports up to " +
                             to_string(best) + ")");
        }
        return isa;
    }
    throw ValueError(std::string("GPUCC_HOST_ISA=") + requested +
                     ": unknown instruction set; expected x86-64 or x86-64-v3");
}

} // namespace detail

bool cpu_supports(HostIsa isa) noexcept {
    if (isa == HostIsa::X86_64) {
        return true;
    }
    __builtin_cpu_init();
    // x86-64-v3 as the psABI defines it; __builtin_cpu_supports("x86-64-v3") needs GCC 12.
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("f16c") && __builtin_cpu_supports("lzcnt") &&
           __builtin_cpu_supports("movbe");
}

HostIsa host_isa() {
    static const HostIsa chosen = detail::choose_host_isa(std::getenv("GPUCC_HOST_ISA"));
    return chosen;
}

const char* to_string(HostIsa isa) noexcept {
    return isa == HostIsa::X86_64_V3 ? "x86-64-v3" : "x86-64";
}

} // namespace gpucc
