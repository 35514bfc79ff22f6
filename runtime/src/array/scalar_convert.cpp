// The error messages of scalar argument conversion, built only when a conversion fails.
#include "gpucc/detail/scalar_convert.h"

#include "gpucc/errors.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace gpucc::detail {
namespace {

[[noreturn]] void throw_out_of_range(const char* kernel, const char* param,
                                     const std::string& value, DType target, bool not_finite) {
    std::string message = std::string(kernel) + ": scalar argument " + param + " = " + value;
    message += not_finite ? " cannot be converted to " : " is out of range for ";
    message += dtype_name(target);
    throw ValueError(message);
}

} // namespace

void throw_scalar_out_of_range(const char* kernel, const char* param, std::int64_t value,
                               DType target) {
    throw_out_of_range(kernel, param, std::to_string(value), target, false);
}

void throw_scalar_out_of_range(const char* kernel, const char* param, std::uint64_t value,
                               DType target) {
    throw_out_of_range(kernel, param, std::to_string(value), target, false);
}

void throw_scalar_out_of_range(const char* kernel, const char* param, double value, DType target) {
    char text[64];
    if (std::isnan(value)) {
        std::snprintf(text, sizeof text, "nan");
    } else if (std::isinf(value)) {
        std::snprintf(text, sizeof text, value > 0 ? "inf" : "-inf");
    } else {
        std::snprintf(text, sizeof text, "%.17g", value);
    }
    throw_out_of_range(kernel, param, text, target, !std::isfinite(value));
}

} // namespace gpucc::detail
