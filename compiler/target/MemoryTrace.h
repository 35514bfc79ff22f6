// gpucc's memory at named points of a compile, for finding what a file of many kernels holds
// (issue 18, "Scale"): with GPUCC_MEMORY_TRACE set in the environment, each checkpoint prints one
// line on stderr with the resident set of the process (peak so far, now, anonymous and
// file-backed, from /proc/self/status), the heap malloc has handed out and holds, and the time
// since gpucc started: wall, gpucc's own CPU (all its threads) and the CPU of the tools it ran
// and waited for (ptxas, nvlink, fatbinary, ld). Without the variable a checkpoint costs one
// cached flag test and prints nothing.
#pragma once

namespace gpucc {

/// Prints "gpucc: memory at <where>: ..." when GPUCC_MEMORY_TRACE is set.
void memory_checkpoint(const char* where);

} // namespace gpucc
