// Reading `--dtypes=` (DtypesOption.h).
#include "compiler/driver/DtypesOption.h"

#include "compiler/sema/Suggest.h"

#include <algorithm>

namespace gpucc {

std::optional<std::vector<ScalarType>> parse_dtypes_option(const std::vector<std::string>& names,
                                                           std::string& error) {
    std::vector<ScalarType> types;
    for (const std::string& name : names) {
        std::optional<ScalarType> type = scalar_type_from_name(name, false);
        if (!type) {
            error = "--dtypes: unknown type '" + name + "'";
            if (std::optional<ScalarType> c_type = scalar_type_from_name(name, true)) {
                error += "; '" + name + "' is C's name, --dtypes takes NumPy's: write '" +
                         std::string(numpy_name(*c_type)) + "'";
                return std::nullopt;
            }
            std::vector<std::string> candidates;
            for (int k = 0; k < kNumScalarTypes; ++k) {
                candidates.emplace_back(numpy_name(static_cast<ScalarType>(k)));
            }
            if (std::optional<std::string> closest = sema::closest_name(name, candidates)) {
                error += "; did you mean '" + *closest + "'?";
            }
            return std::nullopt;
        }
        if (std::find(types.begin(), types.end(), *type) != types.end()) {
            error = "--dtypes: '" + name + "' is listed twice; list each type once";
            return std::nullopt;
        }
        types.push_back(*type);
    }
    return types;
}

} // namespace gpucc
