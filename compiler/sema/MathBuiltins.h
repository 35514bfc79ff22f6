// The math functions kernel bodies may call: their C names (and CUDA's float32 spellings such as
// `sqrtf`), how many arguments each takes, and how its operand type is chosen.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc::sema {

using kir::BuiltinCategory;

struct BuiltinFunction {
    kir::Builtin builtin;
    int arity;
    BuiltinCategory category;
    bool force_float32; ///< CUDA's `...f` spelling: operands are converted to float32
};

/// Looks a function name up ("atan2", "sqrtf").
std::optional<BuiltinFunction> find_builtin_function(std::string_view name);

/// Every name find_builtin_function accepts (for "did you mean" suggestions).
std::vector<std::string> builtin_function_names();

} // namespace gpucc::sema
