// gpucc::random::QuasiGenerator (gpucc/random/quasi.h): cuRAND's Sobol generators written into a
// (dimensions, points) buffer, then transposed into the (points, dimensions) array returned.
#include "gpucc/random/quasi.h"

#include "driver/context.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "gpucc/stdlib/creation.h"
#include "random/curand/curand_library.h"

#include <mutex>
#include <string>

namespace gpucc::random {
namespace {

using detail::check_curand;
using detail::curand;

curandRngType_t rng_type(QuasiMethod method) {
    switch (method) {
    case QuasiMethod::Sobol32:
        return CURAND_RNG_QUASI_SOBOL32;
    case QuasiMethod::ScrambledSobol32:
        return CURAND_RNG_QUASI_SCRAMBLED_SOBOL32;
    case QuasiMethod::Sobol64:
        return CURAND_RNG_QUASI_SOBOL64;
    case QuasiMethod::ScrambledSobol64:
        return CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
    }
    throw ValueError("QuasiGenerator: method " + std::to_string(static_cast<int>(method)) +
                     " is not a QuasiMethod");
}

bool is_64_bit(QuasiMethod method) {
    return method == QuasiMethod::Sobol64 || method == QuasiMethod::ScrambledSobol64;
}

} // namespace

struct QuasiGenerator::State {
    QuasiMethod method;
    int dimensions;
    Device device;
    std::uint64_t position = 0;
    detail::GeneratorHandle generator;
    std::mutex mutex;

    // The generator at `position`, on the current stream. Called with the mutex held.
    curandGenerator_t ready(const char* what) {
        const detail::CurandApi& library = curand();
        const std::string context = std::string("QuasiGenerator.") + what;
        if (device.is_cuda()) {
            gpucc::detail::make_current(device.ordinal());
        }
        if (!generator) {
            generator = detail::GeneratorHandle(rng_type(method), device.is_cpu(), context);
            check_curand(
                library.set_quasi_dimensions(generator.get(), static_cast<unsigned>(dimensions)),
                "curandSetQuasiRandomGeneratorDimensions", context);
        }
        check_curand(library.set_offset(generator.get(), position), "curandSetGeneratorOffset",
                     context);
        if (device.is_cuda()) {
            check_curand(library.set_stream(generator.get(), static_cast<cudaStream_t>(
                                                                 current_stream(device).handle())),
                         "curandSetStream", context);
        }
        return generator.get();
    }

    // Draws `points` points into a new (points, dimensions) array of `dtype`; `fill` makes the
    // cuRAND call into a contiguous (dimensions, points) buffer.
    template <class Fill>
    NDArray draw(std::int64_t points, DType dtype, const char* what, Fill fill) {
        if (points < 0) {
            throw ValueError(std::string("QuasiGenerator.") + what +
                             ": argument 'points' must be non-negative, got " +
                             std::to_string(points));
        }
        NDArray buffer = empty(Shape{static_cast<std::int64_t>(dimensions), points}, dtype, device);
        if (points > 0) {
            std::lock_guard lock(mutex);
            curandGenerator_t g = ready(what);
            fill(g, buffer.data(), static_cast<std::size_t>(buffer.size()),
                 std::string("QuasiGenerator.") + what);
            position += static_cast<std::uint64_t>(points);
        }
        return ascontiguousarray(buffer.transpose());
    }
};

QuasiGenerator::QuasiGenerator(QuasiMethod method, int dimensions, Device device) {
    (void)rng_type(method);
    if (dimensions < 1 || dimensions > kMaxSobolDimensions) {
        throw ValueError("QuasiGenerator: argument 'dimensions' must be in [1, " +
                         std::to_string(kMaxSobolDimensions) + "] (cuRAND's Sobol tables), got " +
                         std::to_string(dimensions));
    }
    if (device.is_cuda()) {
        gpucc::detail::require_cuda_device(device, "QuasiGenerator");
    }
    state_ = std::make_unique<State>();
    state_->method = method;
    state_->dimensions = dimensions;
    state_->device = device;
}

QuasiGenerator::QuasiGenerator(QuasiGenerator&&) noexcept = default;
QuasiGenerator& QuasiGenerator::operator=(QuasiGenerator&&) noexcept = default;

QuasiGenerator::~QuasiGenerator() {
    if (state_ && state_->generator && state_->device.is_cuda()) {
        try {
            gpucc::detail::make_current(state_->device.ordinal());
        } catch (...) { // NOLINT(bugprone-empty-catch): destroying anyway, destructors never throw
        }
    }
}

QuasiMethod QuasiGenerator::method() const noexcept {
    return state_->method;
}
int QuasiGenerator::dimensions() const noexcept {
    return state_->dimensions;
}
Device QuasiGenerator::device() const noexcept {
    return state_->device;
}
std::uint64_t QuasiGenerator::position() const noexcept {
    return state_->position;
}

void QuasiGenerator::seek(std::uint64_t point) {
    std::lock_guard lock(state_->mutex);
    state_->position = point;
}

NDArray QuasiGenerator::random(std::int64_t points, DType dtype) {
    if (dtype != DType::Float32 && dtype != DType::Float64) {
        throw TypeError("QuasiGenerator.random: argument 'dtype' must be float32 or float64, got " +
                        std::string(dtype_name(dtype)));
    }
    return state_->draw(
        points, dtype, "random",
        [dtype](curandGenerator_t g, void* data, std::size_t n, const std::string& context) {
            if (dtype == DType::Float32) {
                check_curand(curand().generate_uniform(g, static_cast<float*>(data), n),
                             "curandGenerateUniform", context);
            } else {
                check_curand(curand().generate_uniform_double(g, static_cast<double*>(data), n),
                             "curandGenerateUniformDouble", context);
            }
        });
}

NDArray QuasiGenerator::integers(std::int64_t points) {
    const bool wide = is_64_bit(state_->method);
    return state_->draw(
        points, wide ? DType::UInt64 : DType::UInt32, "integers",
        [wide](curandGenerator_t g, void* data, std::size_t n, const std::string& context) {
            if (wide) {
                check_curand(
                    curand().generate_long_long(g, static_cast<unsigned long long*>(data), n),
                    "curandGenerateLongLong", context);
            } else {
                check_curand(curand().generate(g, static_cast<unsigned int*>(data), n),
                             "curandGenerate", context);
            }
        });
}

NDArray sobol(std::int64_t points, int dimensions, DType dtype, QuasiMethod method,
              std::uint64_t skip, Device device) {
    QuasiGenerator generator(method, dimensions, device);
    generator.seek(skip);
    return generator.random(points, dtype);
}

} // namespace gpucc::random
