// The NumPy names a fused function may call: the reductions (recognised so that they are reported
// as such), the floating-only ufuncs with the body builtin computing each, the operators NumPy
// also names as functions, and the list of every accepted name for "did you mean". Internal to
// sema/.
#pragma once

#include "compiler/ast/Ast.h"

#include <string>
#include <string_view>
#include <vector>

namespace gpucc::sema {

/// The reductions of cupy.fuse.
bool is_reduction_name(std::string_view name);

/// NumPy's name of a floating-only ufunc and the body builtin computing it, with its arity.
struct FloatingUfunc {
    std::string_view numpy;
    std::string_view builtin;
    int arity;
};

inline constexpr FloatingUfunc kFloatingUfuncs[] = {
    {"sqrt", "sqrt", 1},         {"cbrt", "cbrt", 1},     {"exp", "exp", 1},
    {"exp2", "exp2", 1},         {"expm1", "expm1", 1},   {"log", "log", 1},
    {"log2", "log2", 1},         {"log10", "log10", 1},   {"log1p", "log1p", 1},
    {"sin", "sin", 1},           {"cos", "cos", 1},       {"tan", "tan", 1},
    {"arcsin", "asin", 1},       {"arccos", "acos", 1},   {"arctan", "atan", 1},
    {"sinh", "sinh", 1},         {"cosh", "cosh", 1},     {"tanh", "tanh", 1},
    {"arcsinh", "asinh", 1},     {"arccosh", "acosh", 1}, {"arctanh", "atanh", 1},
    {"rint", "rint", 1},         {"arctan2", "atan2", 2}, {"hypot", "hypot", 2},
    {"copysign", "copysign", 2}, {"erf", "erf", 1},       {"erfc", "erfc", 1},
};

/// The binary operators NumPy also names as functions.
struct NamedOperator {
    std::string_view numpy;
    ast::BinaryOp op;
};

inline constexpr NamedOperator kNamedOperators[] = {
    {"add", ast::BinaryOp::Add},
    {"subtract", ast::BinaryOp::Sub},
    {"multiply", ast::BinaryOp::Mul},
    {"divide", ast::BinaryOp::Div},
    {"true_divide", ast::BinaryOp::Div},
    {"equal", ast::BinaryOp::Eq},
    {"not_equal", ast::BinaryOp::Ne},
    {"less", ast::BinaryOp::Lt},
    {"less_equal", ast::BinaryOp::Le},
    {"greater", ast::BinaryOp::Gt},
    {"greater_equal", ast::BinaryOp::Ge},
    {"logical_and", ast::BinaryOp::LogicalAnd},
    {"logical_or", ast::BinaryOp::LogicalOr},
    {"bitwise_and", ast::BinaryOp::BitAnd},
    {"bitwise_or", ast::BinaryOp::BitOr},
    {"bitwise_xor", ast::BinaryOp::BitXor},
};

/// The operations NumPy defines differently from C (Python's rounding and signs, shifts past the
/// width, integer powers), lowered in FuseLowering.cpp after the standard library's kernels.
enum class NumpyArithmetic { Remainder, FloorDivide, Power, LeftShift, RightShift };

struct NumpyArithmeticName {
    std::string_view numpy;
    NumpyArithmetic operation;
};

inline constexpr NumpyArithmeticName kNumpyArithmeticNames[] = {
    {"remainder", NumpyArithmetic::Remainder},
    {"mod", NumpyArithmetic::Remainder},
    {"floor_divide", NumpyArithmetic::FloorDivide},

    {"power", NumpyArithmetic::Power},
    {"left_shift", NumpyArithmetic::LeftShift},
    {"right_shift", NumpyArithmetic::RightShift},
};

/// Every function name a fused function may call (for "did you mean").
std::vector<std::string> fuse_function_names();

} // namespace gpucc::sema
