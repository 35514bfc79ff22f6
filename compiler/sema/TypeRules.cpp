// Integer promotion and the usual arithmetic conversions (C11 6.3.1.1 and 6.3.1.8), with the
// floating types ordered float16 = bfloat16 < float32 < float64.
#include "compiler/sema/TypeRules.h"

#include "compiler/diag/InternalError.h"

namespace gpucc::sema {
namespace {

/// Integer conversion rank after promotion: 32-bit types 1, 64-bit types 2.
int rank(ScalarType type) {
    return size_in_bytes(type) == 8 ? 2 : 1;
}

ScalarType unsigned_of(ScalarType type) {
    switch (type) {
    case ScalarType::Int32:
        return ScalarType::UInt32;
    case ScalarType::Int64:
        return ScalarType::UInt64;
    default:
        return type;
    }
}

} // namespace

ScalarType promote_integer(ScalarType type) {
    switch (type) {
    case ScalarType::Bool:
    case ScalarType::Int8:
    case ScalarType::UInt8:
    case ScalarType::Int16:
    case ScalarType::UInt16:
        return ScalarType::Int32;
    default:
        return type;
    }
}

ScalarType usual_arithmetic_conversion(ScalarType lhs, ScalarType rhs) {
    if (is_floating(lhs) || is_floating(rhs)) {
        if (lhs == rhs) {
            return lhs;
        }
        if (lhs == ScalarType::Float64 || rhs == ScalarType::Float64) {
            return ScalarType::Float64;
        }
        if (lhs == ScalarType::Float32 || rhs == ScalarType::Float32) {
            return ScalarType::Float32;
        }
        if (is_floating(lhs) && is_floating(rhs)) {
            return ScalarType::Float32; // float16 with bfloat16
        }
        return is_floating(lhs) ? lhs : rhs;
    }
    ScalarType a = promote_integer(lhs);
    ScalarType b = promote_integer(rhs);
    GPUCC_CHECK(is_integer(a) && is_integer(b), "promotion leaves only 32- and 64-bit integers");
    if (a == b) {
        return a;
    }
    if (is_signed(a) == is_signed(b)) {
        return rank(a) >= rank(b) ? a : b;
    }
    ScalarType unsigned_type = is_signed(a) ? b : a;
    ScalarType signed_type = is_signed(a) ? a : b;
    if (rank(unsigned_type) >= rank(signed_type)) {
        return unsigned_type;
    }
    if (size_in_bytes(signed_type) > size_in_bytes(unsigned_type)) {
        return signed_type;
    }
    return unsigned_of(signed_type);
}

} // namespace gpucc::sema
