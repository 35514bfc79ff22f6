// NumPy 2's type promotion (NEP 50) over the compiler's scalar types, for fused functions: their
// bodies are typed as the standard library's ufuncs type them at run time
// (runtime/include/gpucc/stdlib/promotion.h states the same rules for the runtime), not by C's
// rules. Literals and `inf`/`nan` are weak, as Python scalars are: `maximum(0, x)` keeps x's type.
// Internal to sema/.
#pragma once

#include "compiler/basic/ScalarType.h"

#include <cstdint>

namespace gpucc::sema {

/// A value's weakness: None for arrays (parameters and what is computed from them), else the kind
/// of Python scalar a literal is.
enum class WeakKind : std::uint8_t { None, Bool, Integer, Floating };

/// Whether every value of `from` converts to `to` exactly (NumPy's casting='safe').
bool can_cast_safely(ScalarType from, ScalarType to);

/// The type two arrays promote to (NumPy's promote_types; bfloat16 as the runtime treats it).
ScalarType promote_types(ScalarType a, ScalarType b);

/// The type an array of `array` and a weak scalar of `kind` promote to.
ScalarType promote_with_weak(ScalarType array, WeakKind kind);

/// The type a weak scalar of `kind` has on its own (bool, int64, float64).
ScalarType default_type(WeakKind kind);

/// The floating type a floating-only ufunc (exp, log1p, ...) computes an operand of `type` in:
/// the type itself when floating, else the smallest of float16, float32, float64 it casts to
/// safely (int8 -> float16, int16 -> float32, int64 -> float64), as NumPy picks its loop.
ScalarType floating_loop_type(ScalarType type);

} // namespace gpucc::sema
