// The math builtins as Sema sees them: name, arity and category of each, from Builtins.def. Each
// kir::Builtin is spelled by its C name; every floating function also answers to CUDA's float32
// name (the C name plus 'f': sqrtf, atan2f, fabsf, fminf).
#include "compiler/sema/MathBuiltins.h"

#include <array>

namespace gpucc::sema {
namespace {

using kir::Builtin;

struct Entry {
    Builtin builtin;
    int arity;
    BuiltinCategory category;
};

constexpr BuiltinCategory kFloat = BuiltinCategory::Floating;

/// Every line of Builtins.def, in its order (which is the order of "did you mean" suggestions).
constexpr std::array kEntries = {
#define BUILTIN(Name, Spelling, Arity, Category, ...)                                              \
    Entry{Builtin::Name, Arity, BuiltinCategory::Category},
#include "compiler/kir/Builtins.def"
};

} // namespace

std::optional<BuiltinFunction> find_builtin_function(std::string_view name) {
    for (const Entry& entry : kEntries) {
        if (kir::builtin_name(entry.builtin) == name) {
            return BuiltinFunction{entry.builtin, entry.arity, entry.category, false};
        }
    }
    if (name.size() > 1 && name.back() == 'f') {
        std::string_view base = name.substr(0, name.size() - 1);
        for (const Entry& entry : kEntries) {
            if (entry.category == kFloat && kir::builtin_name(entry.builtin) == base) {
                return BuiltinFunction{entry.builtin, entry.arity, entry.category, true};
            }
        }
    }
    return std::nullopt;
}

std::vector<std::string> builtin_function_names() {
    std::vector<std::string> names;
    for (const Entry& entry : kEntries) {
        names.emplace_back(kir::builtin_name(entry.builtin));
        if (entry.category == kFloat) {
            names.push_back(std::string(kir::builtin_name(entry.builtin)) + "f");
        }
    }
    return names;
}

} // namespace gpucc::sema
