// Which right-hand sides of `&&` and `||` may be evaluated whether or not the left side decides
// the result. Lowering `a && b` as a branch around b is C's meaning, but when b is a few register
// operations it costs a branch (a reconvergence point on the GPU) per condition; a guarded load
// such as `i < n && j < m ? x[i, j] : 0` then takes two where one would do, and LLVM does not
// always merge them (it does not when b shares a value with the guarded code). A right side that
// reads no memory, calls nothing and cannot trap is instead evaluated unconditionally and combined
// with `select`, which keeps the short-circuit meaning for poison values too.
#pragma once

#include "compiler/kir/KernelIR.h"

namespace gpucc::codegen_detail {

/// True when `expr` reads no memory, writes nothing, calls no function, cannot trap (no integer
/// division or remainder) and is small (a handful of register operations).
bool is_cheap_to_speculate(const kir::Expr& expr);

} // namespace gpucc::codegen_detail
