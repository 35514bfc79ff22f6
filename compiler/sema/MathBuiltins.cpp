// The table of math builtins. Each kir::Builtin is spelled by its C name; every floating function
// also answers to CUDA's float32 name (the C name plus 'f': sqrtf, atan2f, fabsf, fminf).
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
constexpr BuiltinCategory kPredicate = BuiltinCategory::Predicate;
constexpr BuiltinCategory kEither = BuiltinCategory::IntegerOrFloat;

constexpr std::array kEntries = {
    Entry{Builtin::Sqrt, 1, kFloat},        Entry{Builtin::Rsqrt, 1, kFloat},
    Entry{Builtin::Cbrt, 1, kFloat},        Entry{Builtin::Exp, 1, kFloat},
    Entry{Builtin::Exp2, 1, kFloat},        Entry{Builtin::Exp10, 1, kFloat},
    Entry{Builtin::Expm1, 1, kFloat},       Entry{Builtin::Log, 1, kFloat},
    Entry{Builtin::Log2, 1, kFloat},        Entry{Builtin::Log10, 1, kFloat},
    Entry{Builtin::Log1p, 1, kFloat},       Entry{Builtin::Sin, 1, kFloat},
    Entry{Builtin::Cos, 1, kFloat},         Entry{Builtin::Tan, 1, kFloat},
    Entry{Builtin::Asin, 1, kFloat},        Entry{Builtin::Acos, 1, kFloat},
    Entry{Builtin::Atan, 1, kFloat},        Entry{Builtin::Atan2, 2, kFloat},
    Entry{Builtin::Sinh, 1, kFloat},        Entry{Builtin::Cosh, 1, kFloat},
    Entry{Builtin::Tanh, 1, kFloat},        Entry{Builtin::Asinh, 1, kFloat},
    Entry{Builtin::Acosh, 1, kFloat},       Entry{Builtin::Atanh, 1, kFloat},
    Entry{Builtin::Pow, 2, kFloat},         Entry{Builtin::Hypot, 2, kFloat},
    Entry{Builtin::Fmod, 2, kFloat},        Entry{Builtin::Remainder, 2, kFloat},
    Entry{Builtin::Copysign, 2, kFloat},    Entry{Builtin::Fma, 3, kFloat},
    Entry{Builtin::Abs, 1, kEither},        Entry{Builtin::Fabs, 1, kFloat},
    Entry{Builtin::Min, 2, kEither},        Entry{Builtin::Max, 2, kEither},
    Entry{Builtin::Fmin, 2, kFloat},        Entry{Builtin::Fmax, 2, kFloat},
    Entry{Builtin::Floor, 1, kFloat},       Entry{Builtin::Ceil, 1, kFloat},
    Entry{Builtin::Trunc, 1, kFloat},       Entry{Builtin::Round, 1, kFloat},
    Entry{Builtin::Rint, 1, kFloat},        Entry{Builtin::Erf, 1, kFloat},
    Entry{Builtin::Erfc, 1, kFloat},        Entry{Builtin::Lgamma, 1, kFloat},
    Entry{Builtin::Tgamma, 1, kFloat},      Entry{Builtin::IsNan, 1, kPredicate},
    Entry{Builtin::IsInf, 1, kPredicate},   Entry{Builtin::IsFinite, 1, kPredicate},
    Entry{Builtin::SignBit, 1, kPredicate},
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
