// Which instruction set the CPU target runs kernels with. Every kernel's host code is compiled
// twice, for baseline x86-64 (SSE2) and for x86-64-v3 (AVX2, FMA: twice the vector width, and
// glibc's 8-lane vector math); the runtime picks the best one this CPU supports, once. The
// environment variable GPUCC_HOST_ISA ("x86-64" or "x86-64-v3") overrides the choice, so tests
// can run both builds on one machine and a user can rule out the wide one when chasing a numeric
// difference.
#pragma once

namespace gpucc {

enum class HostIsa { X86_64, X86_64_V3 };

/// The level host kernels run with in this process. Decided at the first call: GPUCC_HOST_ISA if
/// set, else the best level the CPU supports. ValueError for an unknown GPUCC_HOST_ISA, or for
/// a level this CPU lacks (naming the variable, its value and what the CPU supports).
HostIsa host_isa();

/// True when this CPU can run code built for `isa`.
bool cpu_supports(HostIsa isa) noexcept;

/// "x86-64" or "x86-64-v3".
const char* to_string(HostIsa isa) noexcept;

namespace detail {
/// host_isa()'s rule for a GPUCC_HOST_ISA value (nullptr or empty: unset), testable without
/// touching the process's choice.
HostIsa choose_host_isa(const char* requested);
} // namespace detail

} // namespace gpucc
