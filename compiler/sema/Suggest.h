// "Did you mean ...?": the candidate closest to a misspelled name by edit distance, when it is
// close enough to be a likely typo; and for NumPy's function names that are not builtins, what a
// kernel body writes instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc::sema {

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string>& candidates);

/// What a kernel body writes for a NumPy function that is not one of its builtins
/// ("maximum" -> "'max' (or 'fmax', which ignores NaN)"), or nullopt for any other name.
std::optional<std::string_view> numpy_replacement(std::string_view name);

} // namespace gpucc::sema
