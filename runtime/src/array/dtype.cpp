// The dtype table: names and sizes, from gpucc/abi/dtypes.def.
#include "gpucc/array/dtype.h"

namespace gpucc {
namespace {

struct DTypeInfo {
    std::string_view name;
    std::size_t size;
};

constexpr DTypeInfo kInfo[kNumDTypes] = {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) {name, size},
#include "gpucc/abi/dtypes.def"
};

} // namespace

std::string_view dtype_name(DType dtype) noexcept {
    return kInfo[static_cast<int>(dtype)].name;
}

std::size_t dtype_size(DType dtype) noexcept {
    return kInfo[static_cast<int>(dtype)].size;
}

} // namespace gpucc
