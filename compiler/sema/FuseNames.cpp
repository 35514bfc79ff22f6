// The names a fused function may call (FuseNames.h).
#include "compiler/sema/FuseNames.h"

namespace gpucc::sema {

bool is_reduction_name(std::string_view name) {
    for (std::string_view reduction : {"sum", "prod", "min", "max", "mean", "all", "any", "amin",
                                       "amax", "var", "std", "argmin", "argmax"}) {
        if (name == reduction) {
            return true;
        }
    }
    return false;
}

std::vector<std::string> fuse_function_names() {
    std::vector<std::string> names = {
        "where",    "maximum",  "minimum", "fmax",        "fmin",        "clip",  "abs",
        "absolute", "negative", "square",  "floor",       "ceil",        "trunc", "isnan",
        "isinf",    "isfinite", "astype",  "logical_not", "logical_xor", "invert"};
    for (const FloatingUfunc& ufunc : kFloatingUfuncs) {
        names.emplace_back(ufunc.numpy);
    }
    for (const NumpyArithmeticName& named : kNumpyArithmeticNames) {
        names.emplace_back(named.numpy);
    }
    for (const NamedOperator& named : kNamedOperators) {
        names.emplace_back(named.numpy);
    }
    return names;
}

} // namespace gpucc::sema
