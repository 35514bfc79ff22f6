// Random arrays made where they are used, on the GPU or the CPU, as cupy.random and
// numpy.random make them: `random::uniform<float>({1 << 20})` fills a new array on the default
// device without a host round trip (the seeds' "create the random arrays directly on the
// device").
//
// The numbers come from Philox4x32-10, a counter-based generator
// (runtime/src/random/kernels/random.dsl): element i of a draw depends only on the generator's
// 64-bit seed and its counter, so a seed gives the same arrays on every device, any number of
// threads can fill an array, and successive draws of one generator never overlap. The bits are
// identical everywhere; the last bit of a value can differ where low + range * u is rounded once (a
// fused multiply-add: the GPU, AVX2 hosts) or twice (baseline x86-64), and normal draws go through
// log and cos, whose last bit may differ between math libraries. random() and ranges that are
// powers of two agree exactly. These are not the streams NumPy or CuPy produce for the same seed
// (their generators differ).
//
// Floating types only for now: float32 and float64 (NumPy's Generator.random also has only these).
// Integer draws (randint / Generator.integers), other distributions and cuRAND's generators are
// not here yet.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <mutex>
#include <type_traits>

namespace gpucc::random {

/// The element types random draws are made in.
template <class T>
concept RandomFloat = std::is_same_v<T, float> || std::is_same_v<T, double>;

/// A seeded stream of random arrays (numpy.random.Generator's role). Every draw of n elements
/// uses the next n counters. Thread-safe: concurrent draws take disjoint counters.
class Generator {
public:
    explicit Generator(std::uint64_t seed) noexcept : seed_(seed) {}
    /// A copy continues from the same counter (and so repeats the original's next draws).
    Generator(const Generator& other);
    Generator& operator=(const Generator& other);

    std::uint64_t seed() const;
    /// Counters used so far (the number of elements drawn).
    std::uint64_t offset() const;

    /// Uniform on [low, high) (high itself can appear through rounding, as in NumPy). TypeError
    /// for a dtype other than float32 or float64; ValueError when high - low is not finite.
    NDArray uniform(double low, double high, const Shape& shape, DType dtype = DType::Float64,
                    Device device = default_device());
    /// Uniform on [0, 1).
    NDArray random(const Shape& shape, DType dtype = DType::Float64,
                   Device device = default_device());
    /// Normal with mean `loc` and standard deviation `scale` (ValueError when scale < 0 or
    /// either is not finite).
    NDArray normal(double loc, double scale, const Shape& shape, DType dtype = DType::Float64,
                   Device device = default_device());
    /// Normal with mean 0 and standard deviation 1.
    NDArray standard_normal(const Shape& shape, DType dtype = DType::Float64,
                            Device device = default_device());

    template <RandomFloat T>
    Array<T> uniform(double low, double high, const Shape& shape,
                     Device device = default_device()) {
        return Array<T>(uniform(low, high, shape, dtype_of<T>(), device));
    }
    template <RandomFloat T>
    Array<T> random(const Shape& shape, Device device = default_device()) {
        return Array<T>(random(shape, dtype_of<T>(), device));
    }
    template <RandomFloat T>
    Array<T> normal(double loc, double scale, const Shape& shape,
                    Device device = default_device()) {
        return Array<T>(normal(loc, scale, shape, dtype_of<T>(), device));
    }
    template <RandomFloat T>
    Array<T> standard_normal(const Shape& shape, Device device = default_device()) {
        return Array<T>(standard_normal(shape, dtype_of<T>(), device));
    }

private:
    /// The key and the first of `count` counters, reserved for one draw.
    struct Counters {
        std::uint64_t key;
        std::uint64_t first;
    };
    Counters take(std::int64_t count);
    /// The key and the next counter, without reserving any.
    Counters state() const;

    std::uint64_t seed_;
    std::uint64_t offset_ = 0;
    mutable std::mutex mutex_;
};

/// A generator seeded from the operating system's entropy (numpy.random.default_rng()).
Generator default_rng();
/// A generator with this seed (numpy.random.default_rng(seed)).
Generator default_rng(std::uint64_t seed);

/// The process-wide generator the functions below draw from (cupy.random's global state). It is
/// seeded from GPUCC_SEED when that is set (a decimal integer), else from the OS's entropy.
Generator& global_generator();
/// Reseeds the process-wide generator and rewinds it (numpy.random.seed / cupy.random.seed).
void seed(std::uint64_t seed);

/// `uniform<float>({n})`: uniform on [low, high) from the process-wide generator.
template <RandomFloat T = double>
Array<T> uniform(const Shape& shape, double low = 0.0, double high = 1.0,
                 Device device = default_device()) {
    return global_generator().uniform<T>(low, high, shape, device);
}
/// Normal with mean `loc` and standard deviation `scale` from the process-wide generator.
template <RandomFloat T = double>
Array<T> normal(const Shape& shape, double loc = 0.0, double scale = 1.0,
                Device device = default_device()) {
    return global_generator().normal<T>(loc, scale, shape, device);
}
/// cupy.random.rand: uniform on [0, 1).
template <RandomFloat T = double>
Array<T> rand(const Shape& shape, Device device = default_device()) {
    return global_generator().random<T>(shape, device);
}
/// cupy.random.random / random_sample: uniform on [0, 1) (as rand, with a shape argument).
template <RandomFloat T = double>
Array<T> random(const Shape& shape, Device device = default_device()) {
    return global_generator().random<T>(shape, device);
}
/// cupy.random.randn: standard normal.
template <RandomFloat T = double>
Array<T> randn(const Shape& shape, Device device = default_device()) {
    return global_generator().standard_normal<T>(shape, device);
}

} // namespace gpucc::random
