// Random arrays made where they are used, on the GPU or the CPU, as cupy.random and
// numpy.random make them: `random::uniform<float>({1 << 20})` fills a new array on the default
// device without a host round trip, and `random::default_rng(seed)` is NumPy's Generator with its
// methods (integers, the distributions, choice, permutation, shuffle).
//
// The numbers come from Philox4x32-10, a counter-based generator
// (runtime/src/random/kernels/random.dsl, which states the layout of a draw): a draw's values
// depend only on the generator's 64-bit seed and its counter, so a seed gives the same arrays on
// every device, any number of threads can fill an array, and successive draws of one generator
// never overlap. The Philox words are identical everywhere, and so are the values: uniform's
// low + range * u is one fma on every device, and the float64 draws, gamma, beta, poisson and
// binomial compute their log, exp, sin and cos as polynomials of exactly rounded operations. The
// float32 normal, exponential and lognormal draws have two forms (Float32Transforms below): by
// default exact operations, the same bits on every device, or, chosen when the Generator is made,
// the GPU's fast approximations, about 10% faster there and within about 1e-6 (1 + |z|) of the
// CPU's values. Choice with probabilities goes
// through log1p (two keys within an ulp may order differently between devices). These are not the
// streams NumPy or CuPy produce for the same seed (their generators differ; CuPy's RandomState
// streams are gpucc/random/random_state.h's).
//
// Element types: float32 and float64 for the floating draws (NumPy's Generator offers no float16
// or bfloat16 draws, so neither does this: draw float32 and convert with astype); every integer
// type and bool for integers; int64 for poisson and binomial, as NumPy's.
//
// Thread safety: any number of threads may draw from one Generator at once; each draw takes its
// own range of counters with one atomic add, so concurrent draws are disjoint (which thread gets
// which range is up to the scheduler). Assigning to a Generator, and seed(), while other threads
// draw from it is a data race.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/device/device.h"

#include <atomic>
#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace gpucc::random {

/// The element types floating draws are made in.
template <class T>
concept RandomFloat = std::is_same_v<T, float> || std::is_same_v<T, double>;

/// The element types integers() makes: bool and the integers of 1 to 8 bytes.
template <class T>
concept RandomInteger = std::is_integral_v<T> && kIsElementType<T>;

/// A bound of integers(): any C++ integer, kept exactly (a uint64 high past INT64_MAX included).
class IntegerBound {
public:
    template <std::integral I>
    IntegerBound(I value) noexcept // NOLINT(google-explicit-constructor): integers(0, 10)
        : bits_(static_cast<std::uint64_t>(value)), negative_(value < 0) {}
    /// The value is bits() read as int64 when negative(), else as uint64.
    std::uint64_t bits() const noexcept { return bits_; }
    bool negative() const noexcept { return negative_; }

private:
    std::uint64_t bits_;
    bool negative_;
};

/// How a Generator turns Philox words into float32 normal, standard_normal, lognormal,
/// exponential and standard_exponential values (as torch.use_deterministic_algorithms, a choice
/// between reproducibility and speed; here reproducibility is the default). Both forms use the
/// same words of the same counters, so a draw
/// takes the same counters and differs between the forms only by the transform (normals by up to
/// about 1e-6 (1 + |z|), the angle of exact taking all 32 bits of its word). The other draws, and
/// every float64 draw, are the same in both.
enum class Float32Transforms {
    /// The GPU's approximations (__logf, __cosf, __sinf, rsqrt.approx) where they are accurate
    /// enough, a short polynomial where they are not (-log u near u = 1). On the GPU the faster:
    /// normal float32 2868 GB/s on an H100 for 2^28 values (126 SASS instructions). The CPU
    /// computes the accurate functions, so the two devices agree to about 1e-6 (1 + |z|) (normal;
    /// 1e-6 relative for exponential and lognormal), not bit for bit.
    fast,
    /// The default: only operations both devices round the same way (integer and bit operations,
    /// conversions, *, explicit fma, selects, and rsqrt with one correction, which gives the
    /// correctly rounded root for every value the draw takes): the same bits on the GPU and the
    /// CPU for every float32 draw. Normal float32 2583 GB/s for 2^28 values on an H200 (eight
    /// tiles per thread, bench/results/2026-11-27-random-normal-exact-tiles), against 2860 for
    /// the fast form; on the CPU faster than the fast form; within 1.25e-7 (1 + r) of a float64
    /// Box-Muller of the same words.
    exact,
};

/// A seeded stream of random arrays (numpy.random.Generator's role). Each draw takes the next
/// block counters of the generator (see random.dsl for how many). Thread-safe (see the top).
class Generator {
public:
    /// `transforms` chooses the float32 normal, lognormal and exponential transforms for the
    /// generator's life (Float32Transforms; the default is the exact one).
    explicit Generator(std::uint64_t seed,
                       Float32Transforms transforms = Float32Transforms::exact) noexcept
        : seed_(seed), transforms_(transforms) {}
    /// A copy continues from the same counter (and so repeats the original's next draws), with
    /// the same Float32Transforms.
    Generator(const Generator& other) noexcept;
    Generator& operator=(const Generator& other) noexcept;

    std::uint64_t seed() const noexcept { return seed_; }
    /// The float32 transforms chosen at construction.
    Float32Transforms float32_transforms() const noexcept { return transforms_; }
    /// Block counters used so far.
    std::uint64_t offset() const noexcept { return offset_.load(std::memory_order_relaxed); }

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
    /// exp of normal(mean, sigma, ...): the same draw, exponentiated.
    NDArray lognormal(double mean, double sigma, const Shape& shape, DType dtype = DType::Float64,
                      Device device = default_device());
    /// Exponential with mean `scale` (scale >= 0).
    NDArray exponential(double scale, const Shape& shape, DType dtype = DType::Float64,
                        Device device = default_device());
    /// Exponential with mean 1.
    NDArray standard_exponential(const Shape& shape, DType dtype = DType::Float64,
                                 Device device = default_device());
    /// Gamma with shape `k` (k >= 0) and scale `scale` (scale >= 0): Marsaglia and Tsang.
    NDArray gamma(double k, double scale, const Shape& shape, DType dtype = DType::Float64,
                  Device device = default_device());
    /// Gamma with shape `k` and scale 1.
    NDArray standard_gamma(double k, const Shape& shape, DType dtype = DType::Float64,
                           Device device = default_device());
    /// Beta(a, b), a > 0 and b > 0, as X / (X + Y) of two gamma draws (formed from their
    /// logarithms, so small shapes do not give 0 / 0). Takes two draws' counters.
    NDArray beta(double a, double b, const Shape& shape, DType dtype = DType::Float64,
                 Device device = default_device());
    /// Poisson with mean `lam` (0 <= lam <= 1e10; NumPy's limit is higher): int64.
    NDArray poisson(double lam, const Shape& shape, Device device = default_device());
    /// Binomial with `n` trials (n >= 0) of probability `p` (0 <= p <= 1): int64.
    NDArray binomial(std::int64_t n, double p, const Shape& shape,
                     Device device = default_device());
    /// Integers uniform on [low, high), or [low, high] when `endpoint`, in any integer dtype or
    /// bool, unbiased (Lemire's method with rejection). ValueError when the interval is empty
    /// ("low >= high") or a bound is outside the dtype; TypeError for a floating dtype.
    NDArray integers(IntegerBound low, IntegerBound high, const Shape& shape,
                     DType dtype = DType::Int64, bool endpoint = false,
                     Device device = default_device());
    /// `shape` draws from range(n) (int64), with or without replacement, uniformly or with the
    /// probabilities `p` (n of them, non-negative, summing to 1 within sqrt(epsilon) as NumPy's
    /// check). Without replacement and without `p`, from n > 256: element j of the sample is
    /// pi(j), pi a keyed pseudo-random bijection of range(n) (a 12-round Feistel network with
    /// cycle walking, keyed by 4 block counters; runtime/src/random/feistel_choice.h), so a
    /// sample of k costs O(k) time and memory on every device whatever n, each element computed
    /// alone; it is the first k of permutation(n) for the same generator state (permutation(n)
    /// is choice(n, {n}, false)), and its orders are a keyed
    /// family, not every order of range(n) (statistically uniform in the tests: positions,
    /// pairs, neighbours, parity).
    /// From n <= 256,
    /// and with `p`: the first k entries of a random order of range(n) made on the device (a sort
    /// of random keys, Efraimidis and Spirakis' exponential keys E / p with `p`;
    /// kernels/permutation.dsl), which takes n block counters and O(n) memory, every ordered
    /// sample exactly equally likely without `p`. Every path gives the same sample on every
    /// device; none is NumPy's stream.
    NDArray choice(std::int64_t n, const Shape& shape, bool replace = true,
                   std::span<const double> p = {}, Device device = default_device());
    /// `shape` draws from the rows of `a` (along axis 0), on a's device; the result has shape
    /// `shape + a.shape[1:]`.
    NDArray choice(const NDArray& a, const Shape& shape, bool replace = true,
                   std::span<const double> p = {});
    /// A random ordering of range(n) (int64): exactly choice(n, {n}, false) for the same
    /// generator state, the same counters and values: from n > 256 the Feistel bijection at
    /// 0 .. n-1 (4 block counters, O(n), its orders a keyed family, statistically uniform in the
    /// tests: fixed points, cycles, positions, pairs), up to 256 range(n) sorted by random keys
    /// (n block counters, every ordering exactly equally likely). The same order on every
    /// device. Not NumPy's stream.
    NDArray permutation(std::int64_t n, Device device = default_device());
    /// A copy of `x` with its entries along `axis` in a random order
    /// (permutation(x.shape[axis])'s).
    NDArray permutation(const NDArray& x, int axis = 0);
    /// Reorders `x` in place along `axis` (a view is written through).
    void shuffle(const NDArray& x, int axis = 0);

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
    template <RandomFloat T>
    Array<T> exponential(double scale, const Shape& shape, Device device = default_device()) {
        return Array<T>(exponential(scale, shape, dtype_of<T>(), device));
    }
    template <RandomFloat T>
    Array<T> gamma(double k, double scale, const Shape& shape, Device device = default_device()) {
        return Array<T>(gamma(k, scale, shape, dtype_of<T>(), device));
    }
    template <RandomInteger T>
    Array<T> integers(IntegerBound low, IntegerBound high, const Shape& shape,
                      bool endpoint = false, Device device = default_device()) {
        return Array<T>(integers(low, high, shape, dtype_of<T>(), endpoint, device));
    }

private:
    /// Reserves `count` block counters for one draw: the first of them.
    std::uint64_t take(std::uint64_t count) noexcept {
        return offset_.fetch_add(count, std::memory_order_relaxed);
    }
    std::uint64_t seed_;
    Float32Transforms transforms_;
    std::atomic<std::uint64_t> offset_{0};
};

/// A generator seeded from the operating system's entropy (numpy.random.default_rng()).
Generator default_rng(Float32Transforms transforms = Float32Transforms::exact);
/// A generator with this seed (numpy.random.default_rng(seed)).
Generator default_rng(std::uint64_t seed, Float32Transforms transforms = Float32Transforms::exact);

/// The process-wide generator of `device` that the functions below draw from (cupy.random's
/// global state: one per device). Each is seeded from GPUCC_SEED when that is set (a decimal
/// integer, cupy's CUPY_SEED), else from the OS's entropy, at its first use; its float32
/// transforms are Float32Transforms::exact when GPUCC_RANDOM_EXACT is unset, empty or 1, fast when
/// it is 0 (anything else is a ValueError naming the variable).
Generator& global_generator(Device device = default_device());
/// Reseeds and rewinds the process-wide generator of `device` only (cupy.random.seed seeds the
/// current device's); it keeps its Float32Transforms.
void seed(std::uint64_t seed, Device device = default_device());

/// `uniform<float>({n})`: uniform on [low, high) from the device's process-wide generator.
template <RandomFloat T = double>
Array<T> uniform(const Shape& shape, double low = 0.0, double high = 1.0,
                 Device device = default_device()) {
    return global_generator(device).uniform<T>(low, high, shape, device);
}
/// Normal with mean `loc` and standard deviation `scale` from the process-wide generator.
template <RandomFloat T = double>
Array<T> normal(const Shape& shape, double loc = 0.0, double scale = 1.0,
                Device device = default_device()) {
    return global_generator(device).normal<T>(loc, scale, shape, device);
}
/// cupy.random.rand: uniform on [0, 1).
template <RandomFloat T = double>
Array<T> rand(const Shape& shape, Device device = default_device()) {
    return global_generator(device).random<T>(shape, device);
}
/// cupy.random.random / random_sample: uniform on [0, 1) (as rand, with a shape argument).
template <RandomFloat T = double>
Array<T> random(const Shape& shape, Device device = default_device()) {
    return global_generator(device).random<T>(shape, device);
}
/// cupy.random.randn: standard normal.
template <RandomFloat T = double>
Array<T> randn(const Shape& shape, Device device = default_device()) {
    return global_generator(device).standard_normal<T>(shape, device);
}
/// Integers on [low, high) from the process-wide generator (cupy.random.randint's range, any
/// integer type).
template <RandomInteger T = std::int64_t>
Array<T> integers(IntegerBound low, IntegerBound high, const Shape& shape,
                  Device device = default_device()) {
    return global_generator(device).integers<T>(low, high, shape, false, device);
}

} // namespace gpucc::random
