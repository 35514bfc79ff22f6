// Operand: what a standard-library ufunc takes for each input, an array (NDArray or any Array<T>)
// or a C++ scalar (a weak Scalar, see scalar.h and promotion.h). Both convert implicitly, so one
// untyped signature, add(const Operand&, const Operand&), covers add(a, b), add(a, 2.0) and
// add(2.0, a) for arrays whose dtypes are known only at run time.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/scalar.h"

#include <variant>

namespace gpucc {

class Operand {
public:
    Operand(const NDArray& array) : value_(array) {} // NOLINT(google-explicit-constructor)
    template <ElementType T>
    Operand(const Array<T>& array)
        : value_(array.ndarray()) {}           // NOLINT(google-explicit-constructor)
    Operand(Scalar scalar) : value_(scalar) {} // NOLINT(google-explicit-constructor)
    template <ScalarValue S>
    Operand(S value) : value_(Scalar(value)) {} // NOLINT(google-explicit-constructor)

    bool is_array() const noexcept { return std::holds_alternative<NDArray>(value_); }
    /// The array; only when is_array().
    const NDArray& array() const { return std::get<NDArray>(value_); }
    /// The scalar; only when !is_array().
    const Scalar& scalar() const { return std::get<Scalar>(value_); }

private:
    std::variant<NDArray, Scalar> value_;
};

} // namespace gpucc
