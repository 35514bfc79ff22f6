// Suggestions by Levenshtein distance (llvm::StringRef::edit_distance): the closest candidate
// within a third of the name's length, rounded up, ties going to the first candidate.
#include "compiler/sema/Suggest.h"

#include <llvm/ADT/StringRef.h>

namespace gpucc::sema {

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string>& candidates) {
    unsigned limit = std::max<unsigned>(1, (static_cast<unsigned>(name.size()) + 2) / 3);
    std::optional<std::string> best;
    unsigned best_distance = limit + 1;
    for (const std::string& candidate : candidates) {
        if (candidate == name) {
            continue;
        }
        unsigned distance = llvm::StringRef(name).edit_distance(candidate, true, limit);
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

} // namespace gpucc::sema
