// Source spellings of the math builtins of the kernel IR.
#include "compiler/kir/KernelIR.h"

namespace gpucc::kir {

std::string_view builtin_name(Builtin builtin) {
    switch (builtin) {
    case Builtin::Sqrt: return "sqrt";
    case Builtin::Rsqrt: return "rsqrt";
    case Builtin::Cbrt: return "cbrt";
    case Builtin::Exp: return "exp";
    case Builtin::Exp2: return "exp2";
    case Builtin::Exp10: return "exp10";
    case Builtin::Expm1: return "expm1";
    case Builtin::Log: return "log";
    case Builtin::Log2: return "log2";
    case Builtin::Log10: return "log10";
    case Builtin::Log1p: return "log1p";
    case Builtin::Sin: return "sin";
    case Builtin::Cos: return "cos";
    case Builtin::Tan: return "tan";
    case Builtin::Asin: return "asin";
    case Builtin::Acos: return "acos";
    case Builtin::Atan: return "atan";
    case Builtin::Atan2: return "atan2";
    case Builtin::Sinh: return "sinh";
    case Builtin::Cosh: return "cosh";
    case Builtin::Tanh: return "tanh";
    case Builtin::Asinh: return "asinh";
    case Builtin::Acosh: return "acosh";
    case Builtin::Atanh: return "atanh";
    case Builtin::Pow: return "pow";
    case Builtin::Hypot: return "hypot";
    case Builtin::Fmod: return "fmod";
    case Builtin::Remainder: return "remainder";
    case Builtin::Copysign: return "copysign";
    case Builtin::Fma: return "fma";
    case Builtin::Abs: return "abs";
    case Builtin::Fabs: return "fabs";
    case Builtin::Min: return "min";
    case Builtin::Max: return "max";
    case Builtin::Fmin: return "fmin";
    case Builtin::Fmax: return "fmax";
    case Builtin::Floor: return "floor";
    case Builtin::Ceil: return "ceil";
    case Builtin::Trunc: return "trunc";
    case Builtin::Round: return "round";
    case Builtin::Rint: return "rint";
    case Builtin::Erf: return "erf";
    case Builtin::Erfc: return "erfc";
    case Builtin::Lgamma: return "lgamma";
    case Builtin::Tgamma: return "tgamma";
    case Builtin::IsNan: return "isnan";
    case Builtin::IsInf: return "isinf";
    case Builtin::IsFinite: return "isfinite";
    case Builtin::SignBit: return "signbit";
    }
    return "?";
}

} // namespace gpucc::kir
