// The dtype table: names and sizes.
#include "gpucc/dtype.h"

namespace gpucc {
namespace {

struct DTypeInfo {
    std::string_view name;
    std::size_t size;
};

constexpr DTypeInfo kInfo[kNumDTypes] = {
    {"bool", 1},     {"int8", 1},    {"int16", 2},   {"int32", 4},  {"int64", 8},
    {"uint8", 1},    {"uint16", 2},  {"uint32", 4},  {"uint64", 8}, {"float16", 2},
    {"bfloat16", 2}, {"float32", 4}, {"float64", 8},
};

} // namespace

std::string_view dtype_name(DType dtype) noexcept {
    return kInfo[static_cast<int>(dtype)].name;
}

std::size_t dtype_size(DType dtype) noexcept {
    return kInfo[static_cast<int>(dtype)].size;
}

} // namespace gpucc
