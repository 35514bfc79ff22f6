// C's arithmetic typing rules over gpucc's scalar types: integer promotion and the usual
// arithmetic conversions, extended to float16 and bfloat16 as CUDA's types behave (floating types
// ranked below float32; half with half stays half; half with bfloat16 meets in float32; a floating
// type with an integer gives the floating type). `long` is 64 bits.
#pragma once

#include "compiler/basic/ScalarType.h"

namespace gpucc::sema {

/// bool, int8, uint8, int16, uint16 -> int32; every other type is unchanged.
ScalarType promote_integer(ScalarType type);

/// The type both operands of a binary arithmetic operator are converted to.
ScalarType usual_arithmetic_conversion(ScalarType lhs, ScalarType type);

/// Integers and bool: the operands `%`, `&`, `|`, `^`, `<<`, `>>` and `~` accept.
inline bool is_integral_or_bool(ScalarType type) {
    return is_integer(type) || type == ScalarType::Bool;
}

} // namespace gpucc::sema
