// Random arrays (gpucc/random/generator.h): argument checks, the counters each draw takes, and one
// launch of a runtime/src/random/kernels/random.dsl kernel into a new array on the requested
// device.
#include "gpucc/random/generator.h"

#include "gpucc/array/scalar.h"
#include "gpucc/errors.h"
#include "random.gpucc.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

namespace gpucc::random {
namespace {

namespace kernels = gpucc_random;

void check_float_dtype(const char* function, DType dtype) {
    if (dtype != DType::Float32 && dtype != DType::Float64) {
        throw TypeError(std::string("random.") + function + ": dtype " +
                        std::string(dtype_name(dtype)) +
                        " is not supported; supported dtypes are float32 and float64");
    }
}

void check_finite(const char* function, const char* name, double value) {
    if (!std::isfinite(value)) {
        throw ValueError(std::string("random.") + function + ": " + name + " must be finite, got " +
                         Scalar(value).to_string());
    }
}

std::uint64_t entropy_seed() {
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

std::uint64_t initial_global_seed() {
    if (const char* text = std::getenv("GPUCC_SEED"); text != nullptr && *text != '\0') {
        char* end = nullptr;
        const unsigned long long value = std::strtoull(text, &end, 10);
        if (*end != '\0' || text[0] == '-') {
            throw ValueError(
                std::string("GPUCC_SEED: expected a non-negative decimal integer, got '") + text +
                "'");
        }
        return value;
    }
    return entropy_seed();
}

} // namespace

Generator::Generator(const Generator& other) {
    const Counters state = other.state();
    seed_ = state.key;
    offset_ = state.first;
}

Generator& Generator::operator=(const Generator& other) {
    if (this != &other) {
        const Counters state = other.state();
        std::lock_guard<std::mutex> lock(mutex_);
        seed_ = state.key;
        offset_ = state.first;
    }
    return *this;
}

std::uint64_t Generator::seed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return seed_;
}

std::uint64_t Generator::offset() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return offset_;
}

Generator::Counters Generator::state() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return {seed_, offset_};
}

Generator::Counters Generator::take(std::int64_t count) {
    std::lock_guard<std::mutex> lock(mutex_);
    const Counters counters{seed_, offset_};
    offset_ += static_cast<std::uint64_t>(count);
    return counters;
}

NDArray Generator::uniform(double low, double high, const Shape& shape, DType dtype,
                           Device device) {
    check_float_dtype("uniform", dtype);
    check_finite("uniform", "low", low);
    check_finite("uniform", "high", high);
    const double range = high - low;
    if (!std::isfinite(range)) {
        throw ValueError("random.uniform: high - low must be finite, got high " +
                         Scalar(high).to_string() + " and low " + Scalar(low).to_string());
    }
    NDArray result = empty(shape, dtype, device);
    const Counters counters = take(result.size());
    if (result.size() == 0) {
        return result;
    }
    if (dtype == DType::Float32) {
        kernels::uniform_float32(counters.key, counters.first, static_cast<float>(low),
                                 static_cast<float>(range), result.as<float>());
    } else {
        kernels::uniform_float64(counters.key, counters.first, low, range, result.as<double>());
    }
    return result;
}

NDArray Generator::random(const Shape& shape, DType dtype, Device device) {
    return uniform(0.0, 1.0, shape, dtype, device);
}

NDArray Generator::normal(double loc, double scale, const Shape& shape, DType dtype,
                          Device device) {
    check_float_dtype("normal", dtype);
    check_finite("normal", "loc", loc);
    check_finite("normal", "scale", scale);
    if (scale < 0) {
        throw ValueError("random.normal: scale must be non-negative, got " +
                         Scalar(scale).to_string());
    }
    NDArray result = empty(shape, dtype, device);
    const Counters counters = take(result.size());
    if (result.size() == 0) {
        return result;
    }
    if (dtype == DType::Float32) {
        kernels::normal_float32(counters.key, counters.first, static_cast<float>(loc),
                                static_cast<float>(scale), result.as<float>());
    } else {
        kernels::normal_float64(counters.key, counters.first, loc, scale, result.as<double>());
    }
    return result;
}

NDArray Generator::standard_normal(const Shape& shape, DType dtype, Device device) {
    return normal(0.0, 1.0, shape, dtype, device);
}

Generator default_rng() {
    return Generator(entropy_seed());
}

Generator default_rng(std::uint64_t seed) {
    return Generator(seed);
}

Generator& global_generator() {
    static Generator generator(initial_global_seed());
    return generator;
}

void seed(std::uint64_t seed) {
    global_generator() = Generator(seed);
}

} // namespace gpucc::random
