// "Did you mean ...?": the candidate closest to a misspelled name by edit distance, when it is
// close enough to be a likely typo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc::sema {

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string>& candidates);

} // namespace gpucc::sema
