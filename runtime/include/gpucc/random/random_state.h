// CuPy's legacy random API, number for number: gpucc::random::RandomState reproduces
// cupy.random.RandomState of CuPy 14 (kCupyRandomStateMajor): for the same seed, method, sizes
// and dtypes, random_sample, rand, randn, standard_normal, normal, uniform and randint return
// exactly the values CuPy returns, because they call cuRAND's host API in CuPy's order
// (libcurand.so.10, loaded at the first draw). CuPy may change its streams in a new major version
// (its policy, cupy/cupy#1754); this contract holds for CuPy 14 and is tested against vectors
// recorded from CuPy 14.2 (tests/random/data/).
//
// What CuPy 14 does, and so what these do:
//  - seed(s): curandSetPseudoRandomGeneratorSeed(s) and, except for MTGP32 and MT19937,
//    curandSetGeneratorOffset(0); the ordering stays cuRAND's default.
//  - random_sample / rand: curandGenerateUniform(Double), which gives (0, 1], then 1.0 -> 0.
//  - normal / standard_normal / randn: curandGenerateNormal(Double) with loc and scale passed to
//    cuRAND; an odd count draws one value more and drops it (cuRAND draws pairs).
//  - uniform(low, high): random_sample, then low + u * (high - low) in the dtype (one fused
//    multiply-add, as CuPy's compiled kernel does).
//  - randint(low, high): 32-bit curandGenerate words (two per value when high - low - 1 needs 64
//    bits), masked when the range is a power of two, else CuPy's rejection: values above the
//    largest multiple of the range are replaced, in order, by the accepted values of
//    supplementary draws of max(2 * rejected, 1024) values; then modulo the range, plus low.
//
// Devices: a RandomState lives on one device. On a GPU everything is exact. On Device::cpu()
// draws go through cuRAND's host generator (curandCreateGeneratorHost), single-threaded and slow
// (tens of millions of values a second): random_sample, rand, uniform and randint are exact
// there, normals are not (cuRAND's host and device normal transforms round differently, up to a
// few units in the last place), so normal draws on the CPU raise DeviceError rather than return
// numbers CuPy would not. randint's rejection, replacement and modulo run where the array lives
// (on a GPU, kernels that find and replace the rejected values in CuPy's order; only per-chunk
// counts go to the host): bench/results/2026-11-26-h100-random-2 has it faster than CuPy's.
//
// Cost and threads: the generator is created, and its seed applied, at the first draw after
// construction or seed() (XORWOW and MT19937 spend about 20 ms setting up their states then,
// once per seeding; creating a RandomState costs nothing). Draws on one RandomState are
// serialised by a mutex, as CuPy's lock does, so concurrent draws from several threads each get a
// contiguous piece of the one stream, in the order they take the lock. Draws are enqueued on the
// device's current stream.
//
// Not here: CuPy's other RandomState methods (the distributions drawn from its own kernels,
// choice, shuffle, permutation, tomaxint), array-valued arguments (loc, scale, low, high as
// arrays), seeding from an array (CuPy hashes it with MD5), randint ranges beyond int64, and
// functions over get_random_state() spelled as cupy.random's module-level functions.
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <memory>
#include <string_view>

namespace gpucc::random {

/// The CuPy major version whose RandomState streams this header reproduces.
inline constexpr int kCupyRandomStateMajor = 14;

/// The cuRAND pseudo-random generators CuPy's RandomState offers (its `method` argument).
enum class CurandMethod {
    XORWOW,        ///< CURAND_RNG_PSEUDO_XORWOW, CuPy's default (CURAND_RNG_PSEUDO_DEFAULT)
    MRG32K3A,      ///< CURAND_RNG_PSEUDO_MRG32K3A
    MTGP32,        ///< CURAND_RNG_PSEUDO_MTGP32
    MT19937,       ///< CURAND_RNG_PSEUDO_MT19937
    PHILOX4_32_10, ///< CURAND_RNG_PSEUDO_PHILOX4_32_10
};

/// "xorwow", "mrg32k3a", "mtgp32", "mt19937", "philox4_32_10".
std::string_view method_name(CurandMethod method) noexcept;

/// cupy.random.RandomState(seed, method) on `device`. Move-only.
class RandomState {
public:
    /// Seeded as CuPy's RandomState(seed): any 64-bit seed is used as is.
    explicit RandomState(std::uint64_t seed, CurandMethod method = CurandMethod::XORWOW,
                         Device device = default_device());
    /// Seeded from the operating system's entropy (CuPy's RandomState(None): 8 random bytes).
    static RandomState from_entropy(CurandMethod method = CurandMethod::XORWOW,
                                    Device device = default_device());
    RandomState(RandomState&&) noexcept;
    RandomState& operator=(RandomState&&) noexcept;
    RandomState(const RandomState&) = delete;
    RandomState& operator=(const RandomState&) = delete;
    ~RandomState();

    /// Reseeds and rewinds the stream (CuPy's seed(s)).
    void seed(std::uint64_t seed);

    CurandMethod method() const noexcept;
    Device device() const noexcept;

    /// Uniform on [0, 1). TypeError unless dtype is float32 or float64 (as CuPy's).
    NDArray random_sample(const Shape& shape, DType dtype = DType::Float64);
    /// The same draw as random_sample (CuPy's rand(*size)).
    NDArray rand(const Shape& shape, DType dtype = DType::Float64);
    /// Standard normal (GPU only, see the top of this file).
    NDArray randn(const Shape& shape, DType dtype = DType::Float64);
    /// Standard normal (GPU only).
    NDArray standard_normal(const Shape& shape, DType dtype = DType::Float64);
    /// Normal with mean `loc` and standard deviation `scale` (GPU only). ValueError when scale
    /// is negative or either is not finite (NumPy's rule; CuPy passes them to cuRAND unchecked).
    NDArray normal(double loc, double scale, const Shape& shape, DType dtype = DType::Float64);
    /// Uniform on [low, high): low + u * (high - low) computed in `dtype`. ValueError when low,
    /// high or high - low is not finite.
    NDArray uniform(double low, double high, const Shape& shape, DType dtype = DType::Float64);
    /// Integers in [low, high) of an integer dtype (CuPy's default dtype `int` is int64).
    /// ValueError when low >= high or the range does not fit the dtype; TypeError for a dtype
    /// that is not an integer one.
    NDArray randint(std::int64_t low, std::int64_t high, const Shape& shape,
                    DType dtype = DType::Int64);
    /// Integers in [0, high) (CuPy's randint(high, size=...)).
    NDArray randint(std::int64_t high, const Shape& shape, DType dtype = DType::Int64) {
        return randint(0, high, shape, dtype);
    }

    struct State; // the generator and its lock (random_state.cpp)

private:
    explicit RandomState(std::unique_ptr<State> state) noexcept;
    std::unique_ptr<State> state_;
};

/// CuPy's get_random_state(): the XORWOW RandomState of `device` that cupy.random's functions
/// draw from, made at its first use and kept for the process (its generator's set-up is paid at
/// its first draw, once per device). Seeded from the environment variable CUPY_SEED when that is
/// set (a decimal integer in [0, 2^64); anything else is a ValueError naming the variable), as
/// CuPy's, else from the operating system's entropy. Reseed it with get_random_state().seed(s)
/// (cupy.random.seed(s), which also seeds only the current device).
RandomState& get_random_state(Device device = default_device());

} // namespace gpucc::random
