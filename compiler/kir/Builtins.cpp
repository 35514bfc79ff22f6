// Source spellings of the math builtins of the kernel IR, from the Spelling column of
// Builtins.def, and the fixed types of the bit reinterpretations.
#include "compiler/kir/KernelIR.h"

namespace gpucc::kir {

std::string_view builtin_name(Builtin builtin) {
    switch (builtin) {
#define BUILTIN(Name, Spelling, ...)                                                               \
    case Builtin::Name:                                                                            \
        return Spelling;
#include "compiler/kir/Builtins.def"
    }
    return "?";
}

std::optional<ReinterpretTypes> reinterpret_types(Builtin builtin) {
    switch (builtin) {
    case Builtin::FloatAsUint:
        return ReinterpretTypes{ScalarType::Float32, ScalarType::UInt32};
    case Builtin::FloatAsInt:
        return ReinterpretTypes{ScalarType::Float32, ScalarType::Int32};
    case Builtin::UintAsFloat:
        return ReinterpretTypes{ScalarType::UInt32, ScalarType::Float32};
    case Builtin::IntAsFloat:
        return ReinterpretTypes{ScalarType::Int32, ScalarType::Float32};
    case Builtin::DoubleAsLonglong:
        return ReinterpretTypes{ScalarType::Float64, ScalarType::Int64};
    case Builtin::DoubleAsUlonglong:
        return ReinterpretTypes{ScalarType::Float64, ScalarType::UInt64};
    case Builtin::LonglongAsDouble:
        return ReinterpretTypes{ScalarType::Int64, ScalarType::Float64};
    case Builtin::UlonglongAsDouble:
        return ReinterpretTypes{ScalarType::UInt64, ScalarType::Float64};
    default:
        return std::nullopt;
    }
}

} // namespace gpucc::kir
