// The `--dtypes=` option read into scalar types, with the messages of the front end's type names:
// a C spelling ("float") is answered with NumPy's ("float32"), a misspelling with the closest
// type, and a type listed twice is refused (a bare <T> would stand for it twice).
#pragma once

#include "compiler/basic/ScalarType.h"

#include <optional>
#include <string>
#include <vector>

namespace gpucc {

/// The types `names` spell, in order; nullopt with `error` set ("--dtypes: ...") when one is not
/// a type of the language or is listed twice.
std::optional<std::vector<ScalarType>> parse_dtypes_option(const std::vector<std::string>& names,
                                                           std::string& error);

} // namespace gpucc
