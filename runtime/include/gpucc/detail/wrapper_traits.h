// Compile-time helpers of the headers gpucc generates. A generated kernel function takes each
// input as a template parameter (an Array or a C++ scalar), binds the kernel's type placeholders
// from the array arguments, and rejects wrong types with a static_assert that names the kernel,
// the parameter and the types it was compiled for. These traits are what those asserts test.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/half.h"

#include <type_traits>

namespace gpucc::detail {

template <class A>
struct ArrayTraits {
    static constexpr bool kIsArray = false;
    using Element = void;
};

template <class T>
struct ArrayTraits<Array<T>> {
    static constexpr bool kIsArray = true;
    using Element = T;
};

/// Whether an argument type is a gpucc::Array.
template <class A>
inline constexpr bool is_array_v = ArrayTraits<std::remove_cvref_t<A>>::kIsArray;

template <class... A>
struct FirstArrayElement {
    using Type = void;
};

template <class A, class... Rest>
struct FirstArrayElement<A, Rest...> {
    using Type =
        std::conditional_t<is_array_v<A>, typename ArrayTraits<std::remove_cvref_t<A>>::Element,
                           typename FirstArrayElement<Rest...>::Type>;
};

/// The element type of the first Array among the argument types, or void if none is an Array.
template <class... A>
using first_array_element_t = typename FirstArrayElement<A...>::Type;

/// C++ scalars a kernel parameter accepts (converted, range-checked, to the parameter's type).
template <class S>
inline constexpr bool is_scalar_argument_v = std::is_arithmetic_v<std::remove_cvref_t<S>> ||
                                             std::is_same_v<std::remove_cvref_t<S>, float16> ||
                                             std::is_same_v<std::remove_cvref_t<S>, bfloat16>;

template <class T, class A>
inline constexpr bool is_array_of_v = std::is_same_v<std::remove_cvref_t<A>, Array<T>>;

/// An argument for a non-raw input of type T: an Array<T> or a scalar.
template <class T, class A>
inline constexpr bool is_argument_for_v = is_array_of_v<T, A> || is_scalar_argument_v<A>;

template <class T, class... Ts>
inline constexpr bool one_of_v = (std::is_same_v<T, Ts> || ...);

template <class T, class... Ts>
constexpr int index_of() {
    int index = 0;
    int found =
        0; // a type outside the list has already failed a static_assert; avoid a second error
    ((std::is_same_v<T, Ts> ? (found = index, 0) : 0, ++index), ...);
    return found;
}

/// The position of T in Ts (which the generated code has checked T is in).
template <class T, class... Ts>
inline constexpr int index_of_v = index_of<T, Ts...>();

/// False, but only when instantiated: for static_asserts in templates that must not be called.
template <class... A>
inline constexpr bool always_false_v = false;

} // namespace gpucc::detail
