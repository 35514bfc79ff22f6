// The default generator (gpucc/random/generator.h): argument checks with NumPy's rules, the block
// counters each draw takes, and one launch of a kernel of runtime/src/random/kernels (the common
// draws' common_draws.dsl, loaded alone by a first draw, or random.dsl, the rest) into
// a new array on the requested device; the uniform draws without replacement (choice without p,
// permutation, shuffle: one sample, uniform_sample below), which from more than 256 entries
// evaluate a keyed Feistel bijection at 0 .. k-1 (feistel_choice.h: O(k), the CPU vectorised, the
// GPU one thread each) and from at most 256 sort random keys on the host; choice with
// probabilities, which sorts exponential keys (the bitonic network of kernels/permutation.dsl, on
// the CPU a std::sort); integers up to a span of 2^32 and uniform float64 draws, which the CPU
// computes natively (host_integers.h, host_uniform.h), as it does the gather of shuffle and choice
// of rows (host_take.h); and the process-wide generators, one per device.
#include "gpucc/random/generator.h"

#include "common_draws.gpucc.h"
#include "feistel_choice.h"
#include "gpucc/array/scalar.h"
#include "gpucc/array/transfer.h"
#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/ufunc.h"
#include "host_choice.h"
#include "host_exponential.h"
#include "host_gamma.h"
#include "host_integers.h"
#include "host_philox.h"
#include "host_take.h"
#include "host_uniform.h"
#include "permutation.gpucc.h"
#include "poisson_table.h"
#include "random.gpucc.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <string>
#include <utility>

namespace gpucc::random {
namespace {

namespace kernels = gpucc_random;
namespace common = gpucc_random_common;
namespace ordering = gpucc_random_permutation;

/// The kernels' block size, part of the layout of a draw (random.dsl).
constexpr std::int64_t kThreads = 256;

[[noreturn]] void value_error(const char* function, const std::string& message) {
    throw ValueError(std::string("random.") + function + ": " + message);
}

std::string text(double value) {
    return Scalar(value).to_string();
}

void check_float_dtype(const char* function, DType dtype) {
    if (dtype != DType::Float32 && dtype != DType::Float64) {
        throw TypeError(std::string("random.") + function + ": dtype " +
                        std::string(dtype_name(dtype)) +
                        " is not supported; supported dtypes are float32 and float64");
    }
}

void check_finite(const char* function, const char* name, double value) {
    if (!std::isfinite(value)) {
        value_error(function, std::string(name) + " must be finite, got " + text(value));
    }
}

/// NumPy's "scale < 0": a parameter that must be finite and >= 0 (or > 0 when `positive`).
void check_non_negative(const char* function, const char* name, double value,
                        bool positive = false) {
    if (std::isnan(value) || value < 0 || (positive && value == 0)) {
        value_error(function, std::string(name) +
                                  (positive ? " must be positive" : " must be non-negative") +
                                  ", got " + text(value));
    }
    check_finite(function, name, value);
}

/// The grid of a draw of n values, `per_thread` of them per thread (random.dsl's layout).
Dim3 grid_for(const char* function, std::int64_t n, std::int64_t per_thread) {
    const std::int64_t per_block = kThreads * per_thread;
    const std::int64_t blocks = (n + per_block - 1) / per_block;
    if (blocks > std::numeric_limits<std::int32_t>::max()) {
        value_error(function, "size " + std::to_string(n) + " is too large for one draw");
    }
    return Dim3(static_cast<std::uint32_t>(blocks));
}

/// Block counters a draw of n values takes.
std::uint64_t counters_for(std::int64_t n, std::int64_t per_thread) {
    const std::int64_t per_block = kThreads * per_thread;
    return static_cast<std::uint64_t>((n + per_block - 1) / per_block * kThreads);
}

/// A draw through a tiled kernel (random.dsl: `per_block` values per tile, tiles of kThreads
/// counters): the kernel fills a new 1-d array of whole groups of `tiles_per_thread` tiles (each
/// thread computes that many), and the draw is its first n values in `shape` (a view; at most
/// one group minus one element more is allocated). The draw takes the counters of its own tiles
/// only (the group's extra tiles compute later counters and are discarded). `launch` gets the
/// array, the grid (one block per group) and the first counter.
template <class Launch>
NDArray tiled_draw(const char* function, const Shape& shape, DType dtype, Device device,
                   std::int64_t per_block, std::atomic<std::uint64_t>& offset, Launch&& launch,
                   std::int64_t tiles_per_thread = 1) {
    const std::int64_t n = checked_element_count(shape, dtype_size(dtype), function);
    if (n == 0) {
        return empty(shape, dtype, device);
    }
    const std::int64_t group = kThreads * per_block * tiles_per_thread;
    const Dim3 grid = grid_for(function, n, per_block * tiles_per_thread);
    NDArray buffer = empty({(n + group - 1) / group * group}, dtype, device);
    const std::uint64_t first =
        offset.fetch_add(counters_for(n, per_block), std::memory_order_relaxed);
    launch(buffer, grid, first);
    return buffer(Slice(0, n)).reshape(shape);
}

/// Philox4x32-10's ten round keys of a 64-bit key, for common_draws.dsl's normal_float32, which
/// takes them as parameters: round r's is (k0 + r * 0x9E3779B9, k1 + r * 0xBB67AE85) mod 2^32.
struct RoundKeys {
    explicit RoundKeys(std::uint64_t key) {
        std::uint32_t k0 = static_cast<std::uint32_t>(key);
        std::uint32_t k1 = static_cast<std::uint32_t>(key >> 32);
        for (int round = 0; round < 10; ++round) {
            a[round] = k0;
            b[round] = k1;
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
    }
    std::uint32_t a[10];
    std::uint32_t b[10];
};

/// Tiles per thread of the normal draws (`per_tile` values per tile: 4 for float32, 2 for
/// float64): 8 (common_draws.dsl's normal_float32_exact_tiles8 and normal_float64_tiles8) on a GPU
/// for draws of at least kNormalTilesFrom tiles (eight unrolled tiles per thread, for 2^28 values
/// on an H200: float32 2583 against 2242 GB/s, float64 1730 against 1543;
/// bench/results/2026-11-27-random-normal-exact-tiles/run5-library), else 1 (normal_float32_exact,
/// normal_float64: smaller draws keep a block per tile, enough blocks to fill the GPU; the CPU
/// target's threads are its vector lanes). The values are the same for either.
constexpr std::int64_t kNormalTilesFrom = 16384;
std::int32_t normal_tiles_per_thread(std::int64_t n, std::int64_t per_tile, Device device) {
    return !device.is_cpu() && n / (kThreads * per_tile) >= kNormalTilesFrom ? 8 : 1;
}

/// normal and lognormal: the names their errors use, and whether the draw is exponentiated.
struct NormalKind {
    const char* function;
    const char* loc_name;
    const char* scale_name;
    bool exponential;
};
constexpr NormalKind normal_kind{"normal", "loc", "scale", false};
constexpr NormalKind lognormal_kind{"lognormal", "mean", "sigma", true};

/// loc + scale * z, z standard normal (its exponential for lognormal): common_draws.dsl's normal
/// and random.dsl's lognormal kernels (the same draw), four float32 or two float64 values per block
/// counter; float32 by the fast or the exact kernels (the same words).
NDArray normal_draw(const NormalKind& kind, std::uint64_t seed, Float32Transforms transforms,
                    std::atomic<std::uint64_t>& offset, double loc, double scale,
                    const Shape& shape, DType dtype, Device device) {
    check_float_dtype(kind.function, dtype);
    check_finite(kind.function, kind.loc_name, loc);
    check_non_negative(kind.function, kind.scale_name, scale);
    if (dtype == DType::Float32) {
        const bool exact = transforms == Float32Transforms::exact;
        const std::int32_t tiles_per_thread =
            exact && !kind.exponential
                ? normal_tiles_per_thread(
                      checked_element_count(shape, dtype_size(dtype), kind.function), 4, device)
                : 1;
        return tiled_draw(
            kind.function, shape, dtype, device, 4, offset,
            [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                const auto loc32 = static_cast<float>(loc);
                const auto scale32 = static_cast<float>(scale);
                if (kind.exponential && exact) {
                    kernels::lognormal_float32_exact(grid, Dim3(kThreads), y, seed, first, loc32,
                                                     scale32);
                } else if (kind.exponential) {
                    kernels::lognormal_float32(grid, Dim3(kThreads), y, seed, first, loc32,
                                               scale32);
                } else if (exact) {
                    const RoundKeys k(seed);
                    if (tiles_per_thread == 8) {
                        common::normal_float32_exact_tiles8(
                            grid, Dim3(kThreads), y, first, loc32, scale32, k.a[0], k.b[0], k.a[1],
                            k.b[1], k.a[2], k.b[2], k.a[3], k.b[3], k.a[4], k.b[4], k.a[5], k.b[5],
                            k.a[6], k.b[6], k.a[7], k.b[7], k.a[8], k.b[8], k.a[9], k.b[9]);
                    } else {
                        common::normal_float32_exact(
                            grid, Dim3(kThreads), y, first, loc32, scale32, k.a[0], k.b[0], k.a[1],
                            k.b[1], k.a[2], k.b[2], k.a[3], k.b[3], k.a[4], k.b[4], k.a[5], k.b[5],
                            k.a[6], k.b[6], k.a[7], k.b[7], k.a[8], k.b[8], k.a[9], k.b[9]);
                    }
                } else {
                    const RoundKeys k(seed);
                    common::normal_float32(grid, Dim3(kThreads), y, first, loc32, scale32, k.a[0],
                                           k.b[0], k.a[1], k.b[1], k.a[2], k.b[2], k.a[3], k.b[3],
                                           k.a[4], k.b[4], k.a[5], k.b[5], k.a[6], k.b[6], k.a[7],
                                           k.b[7], k.a[8], k.b[8], k.a[9], k.b[9]);
                }
            },
            tiles_per_thread);
    }
    const std::int32_t tiles_per_thread =
        kind.exponential
            ? 1
            : normal_tiles_per_thread(
                  checked_element_count(shape, dtype_size(dtype), kind.function), 2, device);
    return tiled_draw(
        kind.function, shape, dtype, device, 2, offset,
        [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
            if (kind.exponential) {
                kernels::lognormal_float64(grid, Dim3(kThreads), y, seed, first, loc, scale);
            } else if (tiles_per_thread == 8) {
                common::normal_float64_tiles8(grid, Dim3(kThreads), y, seed, first, loc, scale);
            } else {
                common::normal_float64(grid, Dim3(kThreads), y, seed, first, loc, scale);
            }
        },
        tiles_per_thread);
}

std::uint64_t entropy_seed() {
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

/// GPUCC_RANDOM_EXACT: the process-wide generators' Float32Transforms (unset, empty or 1: exact,
/// the default; 0: fast).
Float32Transforms initial_global_transforms() {
    const char* value = std::getenv("GPUCC_RANDOM_EXACT");
    if (value == nullptr || *value == '\0' || std::string(value) == "1") {
        return Float32Transforms::exact;
    }
    if (std::string(value) == "0") {
        return Float32Transforms::fast;
    }
    throw ValueError(std::string("GPUCC_RANDOM_EXACT: expected 0 or 1, got '") + value + "'");
}

std::uint64_t initial_global_seed() {
    if (const char* value = std::getenv("GPUCC_SEED"); value != nullptr && *value != '\0') {
        char* end = nullptr;
        const unsigned long long seed = std::strtoull(value, &end, 10);
        if (*end != '\0' || value[0] == '-') {
            throw ValueError(
                std::string("GPUCC_SEED: expected a non-negative decimal integer, got '") + value +
                "'");
        }
        return seed;
    }
    return entropy_seed();
}

/// The values an integer dtype holds.
struct DTypeRange {
    std::int64_t min;
    std::uint64_t max;
};

DTypeRange integer_range(DType dtype) {
    switch (dtype) {
    case DType::Bool:
        return {0, 1};
    case DType::Int8:
        return {-128, 127};
    case DType::Int16:
        return {-32768, 32767};
    case DType::Int32:
        return {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max()};
    case DType::Int64:
        return {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
    case DType::UInt8:
        return {0, 255};
    case DType::UInt16:
        return {0, 65535};
    case DType::UInt32:
        return {0, std::numeric_limits<std::uint32_t>::max()};
    case DType::UInt64:
        return {0, std::numeric_limits<std::uint64_t>::max()};
    default:
        throw TypeError("random.integers: dtype " + std::string(dtype_name(dtype)) +
                        " is not supported; supported dtypes are bool, int8, int16, int32, int64, "
                        "uint8, uint16, uint32 and uint64");
    }
}

__extension__ using Int128 = __int128;

Int128 wide(IntegerBound bound) {
    return bound.negative() ? Int128(static_cast<std::int64_t>(bound.bits()))
                            : Int128(bound.bits());
}

std::string wide_text(Int128 value) {
    if (value < 0) {
        return std::to_string(static_cast<std::int64_t>(value));
    }
    return std::to_string(static_cast<std::uint64_t>(value));
}

/// The shape (outer, length, inner) of `x` around `axis`, for take_along.
struct AxisSplit {
    std::int64_t outer = 1;
    std::int64_t length = 1;
    std::int64_t inner = 1;
};

AxisSplit split_at(const Shape& shape, int axis) {
    AxisSplit split;
    for (int k = 0; k < shape.ndim(); ++k) {
        if (k < axis) {
            split.outer *= shape[k];
        } else if (k == axis) {
            split.length = shape[k];
        } else {
            split.inner *= shape[k];
        }
    }
    return split;
}

int normalize_axis(const char* function, int axis, int ndim) {
    if (ndim == 0) {
        value_error(function, "x must have at least one dimension, got a 0-dimensional array");
    }
    if (axis < -ndim || axis >= ndim) {
        value_error(function, "axis " + std::to_string(axis) +
                                  " is out of bounds for array of dimension " +
                                  std::to_string(ndim));
    }
    return axis < 0 ? axis + ndim : axis;
}

/// out[o, j, k] = source[o, index[j], k] along `axis` of `source` (made contiguous first); the
/// result has index.size() entries along that axis.
NDArray take_along_axis(const NDArray& source, const NDArray& index, int axis) {
    const NDArray contiguous = source.is_c_contiguous() ? source : ascontiguousarray(source);
    const AxisSplit split = split_at(contiguous.shape(), axis);
    Shape shape = contiguous.shape();
    shape[axis] = index.size();
    NDArray out = empty(shape, contiguous.dtype(), contiguous.device());
    if (out.size() == 0) {
        return out;
    }
    if (out.device().is_cpu()) {
        // Whole rows copied on the host (host_take.h); `index` is contiguous (an order or a
        // reshaped choice).
        const NDArray rows = index.is_c_contiguous() ? index : ascontiguousarray(index);
        detail::host_take_rows(contiguous.data(), static_cast<const std::int64_t*>(rows.data()),
                               out.data(), split.outer, split.length, index.size(),
                               split.inner * static_cast<std::int64_t>(contiguous.itemsize()));
        return out;
    }
    kernels::take_along(grid_for("take", out.size(), 1), Dim3(kThreads), contiguous, index, out,
                        split.length, index.size(), split.inner);
    return out;
}

/// Checks NumPy's choice probabilities: n of them, non-negative, summing to 1 within
/// sqrt(epsilon); returns their cumulative sums (the last set to exactly 1).
std::vector<double> checked_cdf(std::int64_t n, std::span<const double> p) {
    if (static_cast<std::int64_t>(p.size()) != n) {
        value_error("choice", "a and p must have the same size, got " + std::to_string(n) +
                                  " and " + std::to_string(p.size()));
    }
    std::vector<double> cdf(p.size());
    double total = 0;
    for (std::size_t k = 0; k < p.size(); ++k) {
        if (!(p[k] >= 0) || !std::isfinite(p[k])) {
            value_error("choice", "probabilities are not non-negative and finite: p[" +
                                      std::to_string(k) + "] is " + text(p[k]));
        }
        total += p[k];
        cdf[k] = total;
    }
    if (std::fabs(total - 1.0) > std::sqrt(std::numeric_limits<double>::epsilon())) {
        value_error("choice", "probabilities do not sum to 1, their sum is " + text(total));
    }
    for (double& value : cdf) {
        value /= total;
    }
    cdf.back() = 1.0;
    return cdf;
}

/// Puts the first n entries of `order` (on the CPU) in ascending (key, index) order of the
/// float64 `keys`; the padding past n already sorts after them.
void sort_on_host(const NDArray& keys, const NDArray& order, std::int64_t n) {
    std::vector<double> all_keys(static_cast<std::size_t>(keys.size()));
    keys.copy_to_host(all_keys.data());
    std::vector<std::int64_t> indices(static_cast<std::size_t>(order.size()));
    for (std::size_t e = 0; e < indices.size(); ++e) {
        indices[e] = static_cast<std::int64_t>(e);
    }
    std::sort(indices.begin(), indices.begin() + n, [&](std::int64_t a, std::int64_t b) {
        const double key_a = all_keys[static_cast<std::size_t>(a)];
        const double key_b = all_keys[static_cast<std::size_t>(b)];
        return key_a < key_b || (key_a == key_b && a < b);
    });
    order.copy_from_host(indices.data());
}

/// The block counters a uniform sample without replacement from range(n) takes: the Feistel
/// bijection's 4 above kFeistelMaxSortedPopulation entries, else one key per entry.
std::uint64_t uniform_sample_counters(std::int64_t n) {
    return detail::uses_feistel_choice(n) ? detail::kFeistelCounters
                                          : static_cast<std::uint64_t>(n);
}

/// The first `count` of the indices 0 .. n-1 (n <= kFeistelMaxSortedPopulation) in ascending
/// (key, index) order, index e's key the 64-bit word (w1 << 32) | w0 of Philox block counter
/// first + e: every ordering exactly equally likely. At most 256 keys, so the host makes and
/// sorts them on every device and copies the result to `device`.
NDArray sorted_sample(std::uint64_t seed, std::uint64_t first, std::int64_t n, std::int64_t count,
                      Device device) {
    std::vector<std::uint64_t> keys(static_cast<std::size_t>(n));
    detail::philox_keys(detail::philox_isa(), seed, first, n, keys.data());
    std::vector<std::int64_t> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), std::int64_t{0});
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const std::uint64_t key_a = keys[static_cast<std::size_t>(a)];
        const std::uint64_t key_b = keys[static_cast<std::size_t>(b)];
        return key_a < key_b || (key_a == key_b && a < b);
    });
    order.resize(static_cast<std::size_t>(count));
    return asarray<std::int64_t>(order, {count}, device).ndarray();
}

/// A uniform sample without replacement of `count` from range(n) (1 <= count <= n), the one
/// definition behind choice(n, count, replace=false) without probabilities and permutation(n)
/// (count = n), taking the uniform_sample_counters(n) counters from `first`: above
/// kFeistelMaxSortedPopulation entries pi(0 .. count-1) for the draw's Feistel bijection of
/// range(n) (feistel_choice.h: O(count), each element alone, the CPU vectorised, the GPU one
/// thread each); up to 256 the first `count` of sorted_sample's order. The same values on every
/// device.
NDArray uniform_sample(std::uint64_t seed, std::uint64_t first, std::int64_t n, std::int64_t count,
                       Device device) {
    if (!detail::uses_feistel_choice(n)) {
        return sorted_sample(seed, first, n, count, device);
    }
    const detail::FeistelChoice key = detail::feistel_choice_key(seed, first, n);
    NDArray result = empty({count}, DType::Int64, device);
    if (device.is_cpu()) {
        detail::host_feistel_choice(key, static_cast<std::int64_t*>(result.data()), count);
        return result;
    }
    const std::uint32_t* k = key.round_keys;
    ordering::feistel_choice(grid_for("choice", count, 1), Dim3(kThreads), result, n, key.high_bits,
                             key.low_bits, k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8],
                             k[9], k[10], k[11], key.swap_zero_one ? 1 : 0);
    return result;
}

/// The indices 0 .. n-1 in the order of Efraimidis and Spirakis' exponential keys E / p for
/// block counters first .. first + n - 1 (kernels/permutation.dsl's weighted_keys; E = -log1p(-u)
/// of the block's 64-bit word), which are not uniform: a GPU sorts them by the bitonic network,
/// the CPU by the host's std::sort. Returns an int64 array whose first n entries are the order
/// (padded to a power of two); the first k are a weighted sample without replacement.
NDArray weighted_order(std::uint64_t seed, std::uint64_t first, std::int64_t n,
                       std::span<const double> p, Device device) {
    std::int64_t padded = 1;
    while (padded < n) {
        padded *= 2;
    }
    NDArray order = empty({padded}, DType::Int64, device);
    NDArray keys = empty({padded}, DType::Float64, device);
    const Dim3 block(kThreads);
    const NDArray weights =
        asarray<double>(std::vector<double>(p.begin(), p.end()), {n}, device).ndarray();
    ordering::weighted_keys(grid_for("choice", padded, 1), block, keys, order, weights, seed, first,
                            n);
    if (device.is_cpu() && n > 1) {
        // The (key, index) pairs are distinct, so every sort gives this same order: on the host
        // one std::sort beats the network's log2(n)^2 / 2 passes.
        sort_on_host(keys, order, n);
    } else if (padded > 1) {
        const Dim3 pairs = grid_for("choice", padded / 2, 1);
        for (std::int64_t k = 2; k <= padded; k *= 2) {
            for (std::int64_t j = k / 2; j > 0; j /= 2) {
                ordering::bitonic_step(pairs, block, keys, order, j, k);
            }
        }
    }
    return order;
}

} // namespace

Generator::Generator(const Generator& other) noexcept
    : seed_(other.seed_), transforms_(other.transforms_),
      offset_(other.offset_.load(std::memory_order_relaxed)) {
}

Generator& Generator::operator=(const Generator& other) noexcept {
    seed_ = other.seed_;
    transforms_ = other.transforms_;
    offset_.store(other.offset_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    return *this;
}

NDArray Generator::uniform(double low, double high, const Shape& shape, DType dtype,
                           Device device) {
    check_float_dtype("uniform", dtype);
    check_finite("uniform", "low", low);
    check_finite("uniform", "high", high);
    const double range = high - low;
    if (!std::isfinite(range)) {
        value_error("uniform",
                    "high - low must be finite, got high " + text(high) + " and low " + text(low));
    }
    if (dtype == DType::Float32) {
        return tiled_draw("uniform", shape, dtype, device, 4, offset_,
                          [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                              common::uniform_float32(grid, Dim3(kThreads), y, seed_, first,
                                                      static_cast<float>(low),
                                                      static_cast<float>(range));
                          });
    }
    return tiled_draw("uniform", shape, dtype, device, 2, offset_,
                      [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                          if (device.is_cpu()) {
                              // The same values, vectorised on the host (host_uniform.h).
                              detail::host_uniform_float64(static_cast<double*>(y.data()), grid.x,
                                                           seed_, first, low, range);
                              return;
                          }
                          common::uniform_float64(grid, Dim3(kThreads), y, seed_, first, low,
                                                  range);
                      });
}

NDArray Generator::random(const Shape& shape, DType dtype, Device device) {
    check_float_dtype("random", dtype);
    return uniform(0.0, 1.0, shape, dtype, device);
}

NDArray Generator::normal(double loc, double scale, const Shape& shape, DType dtype,
                          Device device) {
    return normal_draw(normal_kind, seed_, transforms_, offset_, loc, scale, shape, dtype, device);
}

NDArray Generator::standard_normal(const Shape& shape, DType dtype, Device device) {
    check_float_dtype("standard_normal", dtype);
    return normal(0.0, 1.0, shape, dtype, device);
}

NDArray Generator::lognormal(double mean, double sigma, const Shape& shape, DType dtype,
                             Device device) {
    return normal_draw(lognormal_kind, seed_, transforms_, offset_, mean, sigma, shape, dtype,
                       device);
}

NDArray Generator::exponential(double scale, const Shape& shape, DType dtype, Device device) {
    check_float_dtype("exponential", dtype);
    check_non_negative("exponential", "scale", scale);
    if (dtype == DType::Float32) {
        return tiled_draw("exponential", shape, dtype, device, 4, offset_,
                          [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                              if (transforms_ == Float32Transforms::exact) {
                                  kernels::exponential_float32_exact(grid, Dim3(kThreads), y, seed_,
                                                                     first,
                                                                     static_cast<float>(scale));
                                  return;
                              }
                              kernels::exponential_float32(grid, Dim3(kThreads), y, seed_, first,
                                                           static_cast<float>(scale));
                          });
    }
    return tiled_draw("exponential", shape, dtype, device, 2, offset_,
                      [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                          if (device.is_cpu()) {
                              // The same values, vectorised on the host (host_exponential.h).
                              detail::host_exponential_float64(detail::philox_isa(),
                                                               static_cast<double*>(y.data()),
                                                               grid.x, seed_, first, scale);
                              return;
                          }
                          kernels::exponential_float64(grid, Dim3(kThreads), y, seed_, first,
                                                       scale);
                      });
}

NDArray Generator::standard_exponential(const Shape& shape, DType dtype, Device device) {
    check_float_dtype("standard_exponential", dtype);
    return exponential(1.0, shape, dtype, device);
}

NDArray Generator::gamma(double k, double scale, const Shape& shape, DType dtype, Device device) {
    check_float_dtype("gamma", dtype);
    check_non_negative("gamma", "shape", k);
    check_non_negative("gamma", "scale", scale);
    NDArray result = empty(shape, dtype, device);
    if (result.size() == 0) {
        return result;
    }
    const Dim3 grid = grid_for("gamma", result.size(), 1);
    const std::uint64_t first = take(static_cast<std::uint64_t>(result.size()));
    if (device.is_cpu()) {
        // The same values, the Philox vectorised on the host (host_gamma.h).
        detail::host_gamma(detail::philox_isa(), dtype, result.data(), result.size(), seed_, first,
                           k, scale, false);
        return result;
    }
    kernels::gamma(grid, Dim3(kThreads), result, seed_, first, k, scale);
    return result;
}

NDArray Generator::standard_gamma(double k, const Shape& shape, DType dtype, Device device) {
    check_float_dtype("standard_gamma", dtype);
    check_non_negative("standard_gamma", "shape", k);
    return gamma(k, 1.0, shape, dtype, device);
}

NDArray Generator::beta(double a, double b, const Shape& shape, DType dtype, Device device) {
    check_float_dtype("beta", dtype);
    check_non_negative("beta", "a", a, true);
    check_non_negative("beta", "b", b, true);
    NDArray ratio = empty(shape, DType::Float64, device);
    if (ratio.size() == 0) {
        return empty(shape, dtype, device);
    }
    const std::uint64_t first = take(2 * static_cast<std::uint64_t>(ratio.size()));
    const std::uint64_t second = first + static_cast<std::uint64_t>(ratio.size());
    if (device.is_cpu()) {
        // The same log-gammas and ratio, in one pass on the host (host_gamma.h).
        detail::host_beta(detail::philox_isa(), static_cast<double*>(ratio.data()), ratio.size(),
                          seed_, first, second, a, b);
        return dtype == DType::Float64 ? ratio : ratio.astype(dtype);
    }
    // Both log-gammas and X / (X + Y) = 1 / (1 + exp(log Y - log X)) in one kernel, by
    // random.dsl's exact log and exp (the host's operations, so the same bits on both devices).
    kernels::beta(grid_for("beta", ratio.size(), 1), Dim3(kThreads), ratio, seed_, first, second, a,
                  b);
    return dtype == DType::Float64 ? ratio : ratio.astype(dtype);
}

NDArray Generator::poisson(double lam, const Shape& shape, Device device) {
    check_non_negative("poisson", "lam", lam);
    if (lam > 1e10) {
        value_error("poisson", "lam value too large: " + text(lam) + " (at most 1e10)");
    }
    NDArray result = empty(shape, DType::Int64, device);
    if (result.size() == 0) {
        return result;
    }
    const Dim3 grid = grid_for("poisson", result.size(), 1);
    const std::uint64_t first = take(static_cast<std::uint64_t>(result.size()));
    if (lam < detail::kPoissonTableBelow) {
        // One uniform per value against the table (poisson_table.h), as choice with p does: the
        // same table and the same search on both devices.
        const std::vector<double> cdf = detail::poisson_cdf(lam);
        const auto entries = static_cast<std::int64_t>(cdf.size());
        if (device.is_cpu()) {
            detail::host_choice_by_cdf(static_cast<std::int64_t*>(result.data()), result.size(),
                                       cdf.data(), entries, seed_, first);
            return result;
        }
        const NDArray table = asarray<double>(cdf, {entries}, device).ndarray();
        kernels::choice_by_cdf(grid, Dim3(kThreads), result, table, seed_, first);
        return result;
    }
    kernels::poisson(grid, Dim3(kThreads), result, seed_, first, lam);
    return result;
}

NDArray Generator::binomial(std::int64_t n, double p, const Shape& shape, Device device) {
    if (n < 0) {
        value_error("binomial", "n must be non-negative, got " + std::to_string(n));
    }
    if (!(p >= 0 && p <= 1)) {
        value_error("binomial", "p must be in [0, 1], got " + text(p));
    }
    NDArray result = empty(shape, DType::Int64, device);
    if (result.size() == 0) {
        return result;
    }
    const Dim3 grid = grid_for("binomial", result.size(), 1);
    const std::uint64_t first = take(static_cast<std::uint64_t>(result.size()));
    kernels::binomial(grid, Dim3(kThreads), result, seed_, first, n, p);
    return result;
}

NDArray Generator::integers(IntegerBound low, IntegerBound high, const Shape& shape, DType dtype,
                            bool endpoint, Device device) {
    if (dtype == DType::Float16 || dtype == DType::BFloat16 || dtype == DType::Float32 ||
        dtype == DType::Float64) {
        throw TypeError("random.integers: dtype " + std::string(dtype_name(dtype)) +
                        " is not supported; supported dtypes are bool, int8, int16, int32, int64, "
                        "uint8, uint16, uint32 and uint64");
    }
    const DTypeRange bounds = integer_range(dtype);
    const Int128 lo = wide(low);
    const Int128 hi = wide(high) - (endpoint ? 0 : 1); // the largest value drawn
    if (hi < lo) {
        value_error("integers", std::string(endpoint ? "low > high" : "low >= high") + ": low " +
                                    wide_text(lo) + ", high " + wide_text(wide(high)));
    }
    if (lo < Int128(bounds.min)) {
        value_error("integers", "low " + wide_text(lo) + " is out of bounds for " +
                                    std::string(dtype_name(dtype)));
    }
    if (hi > Int128(bounds.max)) {
        value_error("integers", "high " + wide_text(wide(high)) + " is out of bounds for " +
                                    std::string(dtype_name(dtype)));
    }
    const auto span_minus_1 = static_cast<std::uint64_t>(hi - lo);
    const auto low_bits = static_cast<std::uint64_t>(lo);
    if (span_minus_1 <= std::numeric_limits<std::uint32_t>::max()) {
        return tiled_draw("integers", shape, dtype, device, 4, offset_,
                          [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                              if (device.is_cpu()) {
                                  // The same values, vectorised on the host (host_integers.h).
                                  detail::host_integers32(dtype, y.data(), grid.x, seed_, first,
                                                          low_bits,
                                                          static_cast<std::uint32_t>(span_minus_1));
                                  return;
                              }
                              common::integers32(grid, Dim3(kThreads), y, seed_, first, low_bits,
                                                 static_cast<std::uint32_t>(span_minus_1));
                          });
    }
    return tiled_draw("integers", shape, dtype, device, 2, offset_,
                      [&](const NDArray& y, Dim3 grid, std::uint64_t first) {
                          common::integers64(grid, Dim3(kThreads), y, seed_, first, low_bits,
                                             span_minus_1);
                      });
}

NDArray Generator::choice(std::int64_t n, const Shape& shape, bool replace,
                          std::span<const double> p, Device device) {
    const std::int64_t count = checked_element_count(shape, sizeof(std::int64_t), "choice");
    if (n < 0) {
        value_error("choice", "a must be a non-negative population size, got " + std::to_string(n));
    }
    if (n == 0 && count > 0) {
        value_error("choice", "a cannot be empty unless no samples are taken");
    }
    std::vector<double> cdf;
    if (!p.empty()) {
        cdf = checked_cdf(n, p);
    }
    if (count == 0) {
        return empty(shape, DType::Int64, device);
    }
    if (replace) {
        if (cdf.empty()) {
            return integers(0, n, shape, DType::Int64, false, device);
        }
        NDArray result = empty(shape, DType::Int64, device);
        const Dim3 grid = grid_for("choice", count, 1);
        const std::uint64_t first = take(static_cast<std::uint64_t>(count));
        if (device.is_cpu()) {
            // The same values, the Philox and the searches vectorised on the host (host_choice.h).
            detail::host_choice_by_cdf(static_cast<std::int64_t*>(result.data()), count, cdf.data(),
                                       n, seed_, first);
            return result;
        }
        const NDArray table = asarray<double>(cdf, {n}, device).ndarray();
        kernels::choice_by_cdf(grid, Dim3(kThreads), result, table, seed_, first);
        return result;
    }
    if (count > n) {
        value_error("choice",
                    "cannot take a larger sample than population when replace is false (" +
                        std::to_string(count) + " from " + std::to_string(n) + ")");
    }
    if (!cdf.empty()) {
        const std::int64_t nonzero =
            std::count_if(p.begin(), p.end(), [](double w) { return w > 0; });
        if (count > nonzero) {
            value_error("choice", "fewer non-zero entries in p (" + std::to_string(nonzero) +
                                      ") than size (" + std::to_string(count) + ")");
        }
    }
    if (cdf.empty()) {
        return uniform_sample(seed_, take(uniform_sample_counters(n)), n, count, device)
            .reshape(shape);
    }
    // With p: the first `count` of the order of the exponential keys E_k / p_k.
    const NDArray order = weighted_order(seed_, take(static_cast<std::uint64_t>(n)), n, p, device);
    return ascontiguousarray(order(Slice(0, count))).reshape(shape);
}

NDArray Generator::choice(const NDArray& a, const Shape& shape, bool replace,
                          std::span<const double> p) {
    if (a.ndim() == 0) {
        value_error("choice", "a must be 1-dimensional or more, got a 0-dimensional array");
    }
    const NDArray flat_index = choice(a.shape()[0], shape, replace, p, a.device())
                                   .reshape({checked_element_count(shape, 8, "choice")});
    NDArray rows = take_along_axis(a, flat_index, 0);
    Shape out_shape = shape;
    for (int k = 1; k < a.ndim(); ++k) {
        out_shape.push_back(a.shape()[k]);
    }
    return rows.reshape(out_shape);
}

NDArray Generator::permutation(std::int64_t n, Device device) {
    if (n < 0) {
        value_error("permutation", "n must be non-negative, got " + std::to_string(n));
    }
    if (n == 0) {
        return empty({0}, DType::Int64, device);
    }
    // choice(n, n, replace=false)'s sample: the same counters, the same values.
    return uniform_sample(seed_, take(uniform_sample_counters(n)), n, n, device);
}

NDArray Generator::permutation(const NDArray& x, int axis) {
    axis = normalize_axis("permutation", axis, x.ndim());
    const std::int64_t n = x.shape()[axis];
    return take_along_axis(x, permutation(n, x.device()), axis);
}

void Generator::shuffle(const NDArray& x, int axis) {
    axis = normalize_axis("shuffle", axis, x.ndim());
    copyto(x, permutation(x, axis));
}

Generator default_rng(Float32Transforms transforms) {
    return Generator(entropy_seed(), transforms);
}

Generator default_rng(std::uint64_t seed, Float32Transforms transforms) {
    return Generator(seed, transforms);
}

Generator& global_generator(Device device) {
    static std::mutex mutex;
    static std::map<int, std::unique_ptr<Generator>> generators;
    std::lock_guard<std::mutex> lock(mutex);
    std::unique_ptr<Generator>& slot = generators[device.ordinal()];
    if (!slot) {
        slot = std::make_unique<Generator>(initial_global_seed(), initial_global_transforms());
    }
    return *slot;
}

void seed(std::uint64_t seed, Device device) {
    Generator& generator = global_generator(device);
    generator = Generator(seed, generator.float32_transforms());
}

} // namespace gpucc::random
