// The vector math the host loop vectorizer may call: glibc's libmvec, by instruction set. LLVM's
// own LIBMVEC table lists SSE (`b`) and AVX2 (`d`) variants together and picks by vector length
// alone, so a baseline x86-64 loop over doubles could call an AVX2 routine with 4 lanes; and it
// lacks the functions glibc 2.35 added (log1p, expm1, tanh, ...). This table is complete for what
// libmvec exports and is built per HostIsa: baseline code sees the `b` variants only, x86-64-v3
// code the `b` and `d` ones.
#pragma once

#include "compiler/abi/KernelAbi.h"

#include <llvm/Analysis/TargetLibraryInfo.h>

namespace gpucc {

/// Adds libmvec's vector variants usable by code built for `isa` to `library_info`.
void add_libmvec_functions(llvm::TargetLibraryInfoImpl& library_info, HostIsa isa);

} // namespace gpucc
