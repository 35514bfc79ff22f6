// Source spellings of the math builtins of the kernel IR, from the Spelling column of
// Builtins.def.
#include "compiler/kir/KernelIR.h"

namespace gpucc::kir {

std::string_view builtin_name(Builtin builtin) {
    switch (builtin) {
#define BUILTIN(Name, Spelling, ...)                                                               \
    case Builtin::Name:                                                                            \
        return Spelling;
#include "compiler/kir/Builtins.def"
    }
    return "?";
}

} // namespace gpucc::kir
