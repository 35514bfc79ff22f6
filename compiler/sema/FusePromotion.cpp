// FusePromotion.h: NEP 50's rules as tables of kinds and sizes.
#include "compiler/sema/FusePromotion.h"

namespace gpucc::sema {
namespace {

enum class Kind : std::uint8_t { Bool, Unsigned, Signed, Floating };

Kind kind_of(ScalarType type) {
    if (type == ScalarType::Bool) {
        return Kind::Bool;
    }
    if (is_floating(type)) {
        return Kind::Floating;
    }
    return is_signed(type) ? Kind::Signed : Kind::Unsigned;
}

} // namespace

bool can_cast_safely(ScalarType from, ScalarType to) {
    if (from == to || from == ScalarType::Bool) {
        return true;
    }
    Kind from_kind = kind_of(from), to_kind = kind_of(to);
    int from_bytes = size_in_bytes(from), to_bytes = size_in_bytes(to);
    switch (to_kind) {
    case Kind::Bool:
        return false;
    case Kind::Unsigned:
        return from_kind == Kind::Unsigned && to_bytes >= from_bytes;
    case Kind::Signed:
        return (from_kind == Kind::Signed && to_bytes >= from_bytes) ||
               (from_kind == Kind::Unsigned && to_bytes > from_bytes);
    case Kind::Floating:
        break;
    }
    if (from_kind == Kind::Floating) {
        // float16 and bfloat16 do not cast safely to each other.
        return to == ScalarType::Float64 || (to == ScalarType::Float32 && from_bytes == 2);
    }
    // Integers: 8-bit ones fit the 16-bit floats, 16-bit ones float32, all float64 (NumPy counts
    // int64 to float64 as safe).
    return to == ScalarType::Float64 || (to == ScalarType::Float32 && from_bytes <= 2) ||
           from_bytes == 1;
}

ScalarType promote_types(ScalarType a, ScalarType b) {
    if (can_cast_safely(a, b)) {
        return b;
    }
    if (can_cast_safely(b, a)) {
        return a;
    }
    for (ScalarType candidate :
         {ScalarType::Int16, ScalarType::Int32, ScalarType::Int64, ScalarType::Float32}) {
        if (can_cast_safely(a, candidate) && can_cast_safely(b, candidate)) {
            return candidate;
        }
    }
    return ScalarType::Float64;
}

ScalarType promote_with_weak(ScalarType array, WeakKind kind) {
    switch (kind) {
    case WeakKind::None:
    case WeakKind::Bool:
        return array;
    case WeakKind::Integer:
        return array == ScalarType::Bool ? ScalarType::Int64 : array;
    case WeakKind::Floating:
        break;
    }
    return is_floating(array) ? array : ScalarType::Float64;
}

ScalarType default_type(WeakKind kind) {
    switch (kind) {
    case WeakKind::Bool:
        return ScalarType::Bool;
    case WeakKind::Integer:
        return ScalarType::Int64;
    default:
        return ScalarType::Float64;
    }
}

ScalarType floating_loop_type(ScalarType type) {
    if (is_floating(type)) {
        return type;
    }
    for (ScalarType candidate : {ScalarType::Float16, ScalarType::Float32}) {
        if (can_cast_safely(type, candidate)) {
            return candidate;
        }
    }
    return ScalarType::Float64;
}

} // namespace gpucc::sema
