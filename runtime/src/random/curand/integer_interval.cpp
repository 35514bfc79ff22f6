// CuPy 14's integer draws (integer_interval.h), step for step: the same words consumed in the
// same order, so the results match CuPy's bit for bit.
#include "random/curand/integer_interval.h"

#include "gpucc/errors.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <string>

namespace gpucc::random::detail {
namespace {

struct IntegerLimits {
    std::int64_t min;
    std::uint64_t max; // as unsigned: uint64's max does not fit int64
};

IntegerLimits limits_of(DType dtype) {
    switch (dtype) {
    case DType::Int8:
        return {INT8_MIN, INT8_MAX};
    case DType::Int16:
        return {INT16_MIN, INT16_MAX};
    case DType::Int32:
        return {INT32_MIN, INT32_MAX};
    case DType::Int64:
        return {INT64_MIN, INT64_MAX};
    case DType::UInt8:
        return {0, UINT8_MAX};
    case DType::UInt16:
        return {0, UINT16_MAX};
    case DType::UInt32:
        return {0, UINT32_MAX};
    case DType::UInt64:
        return {0, UINT64_MAX};
    default:
        throw TypeError("RandomState.randint: argument 'dtype' must be an integer dtype, got " +
                        std::string(dtype_name(dtype)));
    }
}

} // namespace

IntegerRange check_randint_range(std::int64_t low, std::int64_t high, DType dtype) {
    const IntegerLimits limits = limits_of(dtype);
    if (low >= high) {
        throw ValueError("RandomState.randint: low >= high (low " + std::to_string(low) +
                         ", high " + std::to_string(high) + ")");
    }
    if (low < limits.min) {
        throw ValueError("RandomState.randint: argument 'low' " + std::to_string(low) +
                         " is out of bounds for " + std::string(dtype_name(dtype)));
    }
    const std::int64_t last = high - 1;
    if (last > 0 && static_cast<std::uint64_t>(last) > limits.max) {
        throw ValueError("RandomState.randint: argument 'high' " + std::to_string(high) +
                         " is out of bounds for " + std::string(dtype_name(dtype)));
    }
    return {low, static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(low)};
}

std::vector<std::uint64_t>
draw_interval(std::uint64_t span, std::size_t count,
              const std::function<std::vector<std::uint32_t>(std::size_t)>& words) {
    std::vector<std::uint64_t> sample(count, 0);
    if (span == 0 || count == 0) {
        return sample;
    }
    const bool wide = span > std::numeric_limits<std::uint32_t>::max();
    // n values of 32 or 64 bits; a 64-bit value is two consecutive words, low word first (CuPy
    // fills a uint64 array through a uint32 view).
    auto draw = [&](std::size_t n) {
        const std::vector<std::uint32_t> w = words(wide ? 2 * n : n);
        std::vector<std::uint64_t> values(n);
        for (std::size_t k = 0; k < n; ++k) {
            values[k] = wide ? (static_cast<std::uint64_t>(w[2 * k + 1]) << 32) | w[2 * k] : w[k];
        }
        return values;
    };
    sample = draw(count);
    // span + 1 a power of two (2^64 wraps to 0): a mask, no rejection.
    const std::uint64_t range = span + 1;
    if (range == 0 || std::has_single_bit(range)) {
        for (std::uint64_t& value : sample) {
            value &= span;
        }
        return sample;
    }
    // The largest value kept: the top of the last whole multiple of the range below 2^bits.
    const std::uint64_t all_ones = wide ? std::numeric_limits<std::uint64_t>::max()
                                        : std::numeric_limits<std::uint32_t>::max();
    const std::uint64_t remainder =
        wide ? (std::uint64_t{0} - range) % range : (std::uint64_t{1} << 32) % range;
    const std::uint64_t upper_limit = all_ones - remainder;
    std::vector<std::size_t> rejected;
    for (std::size_t k = 0; k < count; ++k) {
        if (sample[k] > upper_limit) {
            rejected.push_back(k);
        }
    }
    std::size_t next = 0; // first rejected position not yet replaced
    while (next < rejected.size()) {
        const std::size_t missing = rejected.size() - next;
        const std::vector<std::uint64_t> supplement =
            draw(std::max<std::size_t>(missing * 2, 1024));
        for (std::uint64_t value : supplement) {
            if (value <= upper_limit) {
                sample[rejected[next++]] = value;
                if (next == rejected.size()) {
                    break;
                }
            }
        }
    }
    for (std::uint64_t& value : sample) {
        value %= range;
    }
    return sample;
}

void store_offset_values(const std::vector<std::uint64_t>& values, std::int64_t low, DType dtype,
                         void* out) {
    const auto offset = static_cast<std::uint64_t>(low);
    const std::size_t size = dtype_size(dtype);
    auto* bytes = static_cast<unsigned char*>(out);
    for (std::size_t k = 0; k < values.size(); ++k) {
        // Little-endian: the low `size` bytes of the 64-bit sum are the value wrapped to the
        // dtype's width.
        const std::uint64_t value = values[k] + offset;
        std::memcpy(bytes + k * size, &value, size);
    }
}

} // namespace gpucc::random::detail
