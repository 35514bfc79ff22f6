// The untyped ufuncs of gpucc/stdlib/ufunc.h, each one call of detail::apply_ufunc.
#include "gpucc/stdlib/ufunc.h"

namespace gpucc {

NDArray negative(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Negative>({x});
}

NDArray logical_not(const Operand& x) {
    return detail::apply_ufunc<Ufunc::LogicalNot>({x});
}

NDArray abs(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Abs>({x});
}

NDArray sign(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Sign>({x});
}

NDArray sqrt(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Sqrt>({x});
}

NDArray cbrt(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Cbrt>({x});
}

NDArray exp(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Exp>({x});
}

NDArray exp2(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Exp2>({x});
}

NDArray expm1(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Expm1>({x});
}

NDArray log(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Log>({x});
}

NDArray log2(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Log2>({x});
}

NDArray log10(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Log10>({x});
}

NDArray log1p(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Log1p>({x});
}

NDArray sin(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Sin>({x});
}

NDArray cos(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Cos>({x});
}

NDArray tan(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Tan>({x});
}

NDArray arcsin(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Arcsin>({x});
}

NDArray arccos(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Arccos>({x});
}

NDArray arctan(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Arctan>({x});
}

NDArray sinh(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Sinh>({x});
}

NDArray cosh(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Cosh>({x});
}

NDArray tanh(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Tanh>({x});
}

NDArray floor(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Floor>({x});
}

NDArray ceil(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Ceil>({x});
}

NDArray trunc(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Trunc>({x});
}

NDArray rint(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Rint>({x});
}

NDArray isnan(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Isnan>({x});
}

NDArray isinf(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Isinf>({x});
}

NDArray isfinite(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Isfinite>({x});
}

NDArray invert(const Operand& x) {
    return detail::apply_ufunc<Ufunc::Invert>({x});
}

NDArray add(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Add>({x1, x2});
}

NDArray subtract(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Subtract>({x1, x2});
}

NDArray multiply(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Multiply>({x1, x2});
}

NDArray divide(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::TrueDivide>({x1, x2});
}

NDArray true_divide(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::TrueDivide>({x1, x2});
}

NDArray floor_divide(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::FloorDivide>({x1, x2});
}

NDArray remainder(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Remainder>({x1, x2});
}

NDArray power(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Power>({x1, x2});
}

NDArray equal(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Equal>({x1, x2});
}

NDArray not_equal(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::NotEqual>({x1, x2});
}

NDArray less(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Less>({x1, x2});
}

NDArray less_equal(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::LessEqual>({x1, x2});
}

NDArray greater(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Greater>({x1, x2});
}

NDArray greater_equal(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::GreaterEqual>({x1, x2});
}

NDArray logical_and(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::LogicalAnd>({x1, x2});
}

NDArray logical_or(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::LogicalOr>({x1, x2});
}

NDArray logical_xor(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::LogicalXor>({x1, x2});
}

NDArray arctan2(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Arctan2>({x1, x2});
}

NDArray maximum(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Maximum>({x1, x2});
}

NDArray minimum(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Minimum>({x1, x2});
}

NDArray fmax(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Fmax>({x1, x2});
}

NDArray fmin(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::Fmin>({x1, x2});
}

NDArray bitwise_and(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::BitwiseAnd>({x1, x2});
}

NDArray bitwise_or(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::BitwiseOr>({x1, x2});
}

NDArray bitwise_xor(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::BitwiseXor>({x1, x2});
}

NDArray left_shift(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::LeftShift>({x1, x2});
}

NDArray right_shift(const Operand& x1, const Operand& x2) {
    return detail::apply_ufunc<Ufunc::RightShift>({x1, x2});
}

NDArray clip(const Operand& x, const Operand& min, const Operand& max) {
    return detail::apply_ufunc<Ufunc::Clip>({x, min, max});
}

} // namespace gpucc
