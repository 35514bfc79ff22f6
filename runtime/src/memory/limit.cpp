// The pool limit's spelling, CuPy's _parse_limit_string: "1073741824" is bytes, "50%" a fraction
// of the device's memory. Read from GPUCC_GPU_MEMORY_LIMIT, else CUPY_GPU_MEMORY_LIMIT, so a
// program ported from CuPy keeps its setting.
#include "gpucc/errors.h"
#include "gpucc/memory/pool.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace gpucc {
namespace {

[[noreturn]] void throw_bad_limit(std::string_view text, std::string_view source, const char* why) {
    throw ValueError(std::string(source) + "=\"" + std::string(text) +
                     "\" is not a memory limit: expected a number of bytes (such as 1073741824) "
                     "or a percentage of the device's memory from 0 to 100 (such as 50%)" +
                     why);
}

} // namespace

std::size_t MemoryLimit::resolve(std::size_t device_total_bytes) const {
    if (!is_fraction) {
        return bytes;
    }
    return static_cast<std::size_t>(fraction * static_cast<double>(device_total_bytes));
}

MemoryLimit parse_memory_limit(std::string_view text, std::string_view source) {
    MemoryLimit limit;
    if (text.empty()) {
        return limit;
    }
    const bool percent = text.back() == '%';
    const std::string_view number = percent ? text.substr(0, text.size() - 1) : text;
    // from_chars takes no sign, space or prefix at the start, which is what we want to refuse.
    if (number.empty() ||
        !((number.front() >= '0' && number.front() <= '9') || (percent && number.front() == '.'))) {
        throw_bad_limit(text, source, "");
    }
    const char* first = number.data();
    const char* last = number.data() + number.size();
    if (percent) {
        double value = 0;
        const auto [end, error] = std::from_chars(first, last, value, std::chars_format::fixed);
        if (error != std::errc() || end != last || !std::isfinite(value)) {
            throw_bad_limit(text, source, "");
        }
        if (value > 100.0) {
            throw_bad_limit(text, source, "; a percentage above 100");
        }
        limit.is_fraction = true;
        limit.fraction = value / 100.0;
        return limit;
    }
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error == std::errc::result_out_of_range) {
        throw_bad_limit(text, source, "; the number is too large");
    }
    if (error != std::errc() || end != last) {
        throw_bad_limit(text, source, "");
    }
    limit.bytes = static_cast<std::size_t>(value);
    return limit;
}

MemoryLimit memory_limit_from_environment() {
    for (const char* variable : {"GPUCC_GPU_MEMORY_LIMIT", "CUPY_GPU_MEMORY_LIMIT"}) {
        const char* value = std::getenv(variable);
        if (value != nullptr && *value != '\0') {
            return parse_memory_limit(value, variable);
        }
    }
    return {};
}

} // namespace gpucc
