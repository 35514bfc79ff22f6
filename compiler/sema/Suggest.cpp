// Suggestions by Levenshtein distance (llvm::StringRef::edit_distance, O(n*m) with an early exit
// past the limit): the closest candidate within a third of the name's length, rounded up, ties
// going to the first candidate. The work is bounded: names longer than 64 bytes get no suggestion,
// and candidates whose length differs by more than the limit are skipped without comparing.
#include "compiler/sema/Suggest.h"

#include <llvm/ADT/StringRef.h>

namespace gpucc::sema {

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string>& candidates) {
    // A name this long is not a typo of a short one; comparing it would cost its length times
    // every candidate's.
    constexpr std::size_t kLongestCompared = 64;
    if (name.size() > kLongestCompared) {
        return std::nullopt;
    }
    unsigned limit = std::max<unsigned>(1, (static_cast<unsigned>(name.size()) + 2) / 3);
    std::optional<std::string> best;
    unsigned best_distance = limit + 1;
    for (const std::string& candidate : candidates) {
        std::size_t difference = candidate.size() > name.size() ? candidate.size() - name.size()
                                                                : name.size() - candidate.size();
        if (candidate == name || difference > limit) {
            continue; // the distance is at least the difference in length
        }
        unsigned distance = llvm::StringRef(name).edit_distance(candidate, true, limit);
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

std::optional<std::string_view> numpy_replacement(std::string_view name) {
    struct Replacement {
        std::string_view numpy;
        std::string_view gpucc;
    };
    // NumPy's (and CuPy's) ufuncs that a body writes differently; names that are builtins
    // (sqrt, exp, fmod, ...) are not listed.
    static constexpr Replacement kReplacements[] = {
        {"maximum", "'max' (or 'fmax', which ignores NaN)"},
        {"minimum", "'min' (or 'fmin', which ignores NaN)"},
        {"absolute", "'abs'"},
        {"power", "'pow'"},
        {"float_power", "'pow'"},
        {"arcsin", "'asin'"},
        {"arccos", "'acos'"},
        {"arctan", "'atan'"},
        {"arctan2", "'atan2'"},
        {"arcsinh", "'asinh'"},
        {"arccosh", "'acosh'"},
        {"arctanh", "'atanh'"},
        {"square", "'x * x'"},
        {"reciprocal", "'1 / x'"},
        {"negative", "the operator '-'"},
        {"positive", "the operator '+'"},
        {"add", "the operator '+'"},
        {"subtract", "the operator '-'"},
        {"multiply", "the operator '*'"},
        {"divide", "the operator '/'"},
        {"true_divide", "the operator '/' on floating operands"},
        {"floor_divide", "'floor(x / y)'"},
        {"mod", "'fmod' (or '%' on integers)"},
        {"left_shift", "the operator '<<'"},
        {"right_shift", "the operator '>>'"},
        {"bitwise_and", "the operator '&'"},
        {"bitwise_or", "the operator '|'"},
        {"bitwise_xor", "the operator '^'"},
        {"bitwise_not", "the operator '~'"},
        {"invert", "the operator '~'"},
        {"logical_and", "the operator '&&'"},
        {"logical_or", "the operator '||'"},
        {"logical_not", "the operator '!'"},
        {"greater", "the operator '>'"},
        {"greater_equal", "the operator '>='"},
        {"less", "the operator '<'"},
        {"less_equal", "the operator '<='"},
        {"equal", "the operator '=='"},
        {"not_equal", "the operator '!='"},
        {"clip", "'min(max(x, lo), hi)'"},
        {"sign", "'(x > 0) - (x < 0)'"},
        {"deg2rad", "'x * 0.017453292519943295' (pi / 180)"},
        {"rad2deg", "'x * 57.29577951308232' (180 / pi)"},
        {"fix", "'trunc'"},
        {"around", "'rint' (NumPy rounds halves to even) or 'round'"},
        {"where", "the operator '?:'"},
    };
    for (const Replacement& replacement : kReplacements) {
        if (replacement.numpy == name) {
            return replacement.gpucc;
        }
    }
    return std::nullopt;
}

} // namespace gpucc::sema
