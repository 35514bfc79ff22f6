// libmvec's vector variants per instruction set (HostVectorMath.h).
#include "compiler/codegen/common/HostVectorMath.h"

#include <deque>
#include <string>
#include <vector>

namespace gpucc {
namespace {

struct LibmvecFunction {
    const char* name;   ///< double version in libm ("exp"); the float one appends 'f'
    int arity;          ///< 1 or 2 ("v" or "vv" in the vector ABI name)
    bool has_intrinsic; ///< whether llvm.<name>.f64/f32 exists and may appear in our IR
};

// Every function glibc's x86-64 libmvec exports in `b` and `d` variants, for double and float
// (sincos, with pointer arguments, is left out).
constexpr LibmvecFunction kFunctions[] = {
    {"acos", 1, true},   {"acosh", 1, false}, {"asin", 1, true},   {"asinh", 1, false},
    {"atan", 1, true},   {"atanh", 1, false}, {"cbrt", 1, false},  {"cos", 1, true},
    {"cosh", 1, true},   {"erf", 1, false},   {"erfc", 1, false},  {"exp", 1, true},
    {"exp10", 1, true},  {"exp2", 1, true},   {"expm1", 1, false}, {"log", 1, true},
    {"log10", 1, true},  {"log1p", 1, false}, {"log2", 1, true},   {"sin", 1, true},
    {"sinh", 1, true},   {"tan", 1, true},    {"tanh", 1, true},   {"atan2", 2, true},
    {"hypot", 2, false}, {"pow", 2, true},
};

struct Variant {
    char isa_letter; ///< 'b' SSE4, 'd' AVX2
    unsigned double_lanes;
};

constexpr Variant kSse{'b', 2};
constexpr Variant kAvx2{'d', 4};

/// VecDesc keeps StringRefs, so every name lives here for the whole program.
const std::string& keep(std::string text) {
    static std::deque<std::string> storage;
    storage.push_back(std::move(text));
    return storage.back();
}

void add_variant(std::vector<llvm::VecDesc>& out, const LibmvecFunction& function,
                 Variant variant) {
    const std::string params(static_cast<std::size_t>(function.arity), 'v');
    for (bool single : {false, true}) {
        const unsigned lanes = single ? variant.double_lanes * 2 : variant.double_lanes;
        const std::string scalar = std::string(function.name) + (single ? "f" : "");
        const std::string lanes_text = std::to_string(lanes);
        const std::string& vector = keep(std::string("_ZGV") + variant.isa_letter + "N" +
                                         lanes_text + params + "_" + scalar);
        const std::string& abi = keep("_ZGV_LLVM_N" + lanes_text + params);
        out.emplace_back(keep(scalar), vector, llvm::ElementCount::getFixed(lanes), false, abi,
                         std::nullopt);
        if (function.has_intrinsic) {
            const std::string intrinsic =
                std::string("llvm.") + function.name + (single ? ".f32" : ".f64");
            out.emplace_back(keep(intrinsic), vector, llvm::ElementCount::getFixed(lanes), false,
                             abi, std::nullopt);
        }
    }
}

const std::vector<llvm::VecDesc>& descriptions_for(HostIsa isa) {
    static const std::vector<llvm::VecDesc> kBaseline = [] {
        std::vector<llvm::VecDesc> out;
        for (const LibmvecFunction& function : kFunctions) {
            add_variant(out, function, kSse);
        }
        return out;
    }();
    static const std::vector<llvm::VecDesc> kV3 = [] {
        std::vector<llvm::VecDesc> out = kBaseline;
        for (const LibmvecFunction& function : kFunctions) {
            add_variant(out, function, kAvx2);
        }
        return out;
    }();
    return isa == HostIsa::X86_64_V3 ? kV3 : kBaseline;
}

} // namespace

void add_libmvec_functions(llvm::TargetLibraryInfoImpl& library_info, HostIsa isa) {
    library_info.addVectorizableFunctions(descriptions_for(isa));
}

} // namespace gpucc
