// What the linalg suites share: the device under test, random operands of any of the 13 element
// types, and the independent reference every product is checked against, a triple loop on the
// host over the operands read back (float64 for floats; for integers and bool the exact
// wrap-around sum in uint64 and the or of ands), with NumPy's 1-d promotion and batch
// broadcasting written out again here rather than taken from the library.
//
// Tolerances (per dtype, relative to 1 + sum_p |a_ip| |b_pj|, the size of the terms summed):
//   float64 1e-12; float32 2e-5 (FP32 accumulation, any summation order); float16 3e-3 and
//   bfloat16 2e-2 (float32 accumulation plus one final rounding: 2^-11 and 2^-8 relative);
//   integers and bool exact.
#pragma once

#include "support/device_under_test.h"

#include <cmath>
#include <cstdint>
#include <dlfcn.h>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace linalg_test {

using gpucc::bfloat16;
using gpucc::Device;
using gpucc::DType;
using gpucc::float16;
using gpucc::NDArray;
using gpucc::Shape;
using gpucc_test::device_under_test;

#define LINALG_SKIP_WITHOUT_DEVICE() GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST()

template <class... T>
struct TypeList {};
using AllTypes =
    TypeList<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
             std::uint16_t, std::uint32_t, std::uint64_t, float16, bfloat16, float, double>;
using FloatTypes = TypeList<float16, bfloat16, float, double>;

template <class... T, class F>
void for_each_type(TypeList<T...>, F&& f) {
    (f.template operator()<T>(), ...);
}

/// Whether the library `soname` is open in this process (dlopen's RTLD_NOLOAD opens nothing).
inline bool library_loaded(const char* soname) {
    void* handle = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
    if (handle == nullptr) {
        return false;
    }
    dlclose(handle);
    return true;
}

inline bool is_float_dtype(DType dtype) {
    return dtype == DType::Float16 || dtype == DType::BFloat16 || dtype == DType::Float32 ||
           dtype == DType::Float64;
}

inline double tolerance(DType dtype) {
    switch (dtype) {
    case DType::Float64:
        return 1e-12;
    case DType::Float32:
        return 2e-5;
    case DType::Float16:
        return 3e-3;
    case DType::BFloat16:
        return 2e-2;
    default:
        return 0;
    }
}

/// A random array of `shape` and element type T on the device under test: floats uniform in
/// [-1, 1] (rounded to T), integers over T's whole range (so sums wrap), bool about 30% true.
template <class T>
NDArray random_array(std::mt19937_64& rng, const Shape& shape) {
    const auto n = static_cast<std::size_t>(shape.element_count());
    // Not a std::vector: vector<bool> packs bits and has no span.
    const std::unique_ptr<T[]> values(new T[n]);
    for (std::size_t i = 0; i < n; ++i) {
        T& v = values[i];
        if constexpr (std::is_same_v<T, bool>) {
            v = std::uniform_int_distribution<int>(0, 9)(rng) < 3;
        } else if constexpr (std::is_integral_v<T>) {
            v = static_cast<T>(rng());
        } else {
            v = T(static_cast<float>(std::uniform_real_distribution<double>(-1, 1)(rng)));
        }
    }
    return gpucc::asarray<T>(std::span<const T>(values.get(), n), shape, device_under_test())
        .ndarray();
}

/// A random array of a floating-point `dtype` (float16, bfloat16, float32, anything else as
/// float64), as random_array makes it.
inline NDArray random_float_array(std::mt19937_64& rng, DType dtype, const Shape& shape) {
    switch (dtype) {
    case DType::Float16:
        return random_array<float16>(rng, shape);
    case DType::BFloat16:
        return random_array<bfloat16>(rng, shape);
    case DType::Float32:
        return random_array<float>(rng, shape);
    default:
        return random_array<double>(rng, shape);
    }
}

/// The array's elements in C order, as doubles (floats) or as uint64 (integers and bool: the
/// value modulo 2^64, which is what wrap-around arithmetic needs).
inline std::vector<double> host_doubles(const NDArray& x) {
    std::vector<double> v(static_cast<std::size_t>(x.size()));
    gpucc::ascontiguousarray(x.astype(DType::Float64)).copy_to_host(v.data());
    return v;
}
inline std::vector<std::uint64_t> host_words(const NDArray& x) {
    std::vector<std::uint64_t> v(static_cast<std::size_t>(x.size()));
    gpucc::ascontiguousarray(x.astype(DType::UInt64)).copy_to_host(v.data());
    return v;
}

/// The low bits of `value` as an element of `dtype`, sign-extended back to 64 bits: what an
/// array of that dtype holding the wrapped sum reads as through astype(uint64).
inline std::uint64_t wrap_to(DType dtype, std::uint64_t value) {
    switch (dtype) {
    case DType::Bool:
        return value != 0 ? 1 : 0;
    case DType::Int8:
        return static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::int8_t>(value)));
    case DType::Int16:
        return static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::int16_t>(value)));
    case DType::Int32:
        return static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::int32_t>(value)));
    case DType::UInt8:
        return static_cast<std::uint8_t>(value);
    case DType::UInt16:
        return static_cast<std::uint16_t>(value);
    case DType::UInt32:
        return static_cast<std::uint32_t>(value);
    default:
        return value;
    }
}

/// NumPy's matmul of a and b computed on the host, independently of the library.
struct Reference {
    std::vector<std::int64_t> shape;
    std::vector<double> value;       // floats: the float64 sum
    std::vector<double> magnitude;   // floats: sum |a| |b|
    std::vector<std::uint64_t> word; // integers and bool: the exact result, wrapped
};

inline Reference reference_matmul(const NDArray& a, const NDArray& b, DType result) {
    std::vector<std::int64_t> sa(a.shape().begin(), a.shape().end());
    std::vector<std::int64_t> sb(b.shape().begin(), b.shape().end());
    const bool a_vec = sa.size() == 1;
    const bool b_vec = sb.size() == 1;
    if (a_vec) {
        sa.insert(sa.begin(), 1);
    }
    if (b_vec) {
        sb.push_back(1);
    }
    const std::int64_t m = sa[sa.size() - 2];
    const std::int64_t k = sa[sa.size() - 1];
    const std::int64_t n = sb[sb.size() - 1];
    const std::size_t nb = std::max(sa.size(), sb.size()) - 2;
    std::vector<std::int64_t> ba(nb, 1);
    std::vector<std::int64_t> bb(nb, 1);
    std::vector<std::int64_t> batch(nb, 1);
    for (std::size_t i = 0; i < nb; ++i) {
        const std::ptrdiff_t ia =
            static_cast<std::ptrdiff_t>(i) - static_cast<std::ptrdiff_t>(nb - (sa.size() - 2));
        const std::ptrdiff_t ib =
            static_cast<std::ptrdiff_t>(i) - static_cast<std::ptrdiff_t>(nb - (sb.size() - 2));
        ba[i] = ia >= 0 ? sa[static_cast<std::size_t>(ia)] : 1;
        bb[i] = ib >= 0 ? sb[static_cast<std::size_t>(ib)] : 1;
        batch[i] = ba[i] == 1 ? bb[i] : ba[i]; // NumPy: 1 broadcasts, 0 stays 0
    }
    const bool floating = is_float_dtype(result);
    std::vector<double> ad, bd;
    std::vector<std::uint64_t> aw, bw;
    if (floating) {
        ad = host_doubles(a);
        bd = host_doubles(b);
    } else {
        aw = host_words(a.astype(result));
        bw = host_words(b.astype(result));
    }
    std::int64_t batch_count = 1;
    for (auto e : batch) {
        batch_count *= e;
    }
    Reference ref;
    ref.shape = batch;
    if (!a_vec) {
        ref.shape.push_back(m);
    }
    if (!b_vec) {
        ref.shape.push_back(n);
    }
    const std::size_t count = static_cast<std::size_t>(batch_count * m * n);
    ref.value.assign(count, 0);
    ref.magnitude.assign(count, 0);
    ref.word.assign(count, 0);
    std::vector<std::int64_t> index(nb, 0);
    for (std::int64_t p = 0; p < batch_count; ++p) {
        std::int64_t rest = p;
        for (std::size_t i = nb; i-- > 0;) {
            index[i] = rest % batch[i];
            rest /= batch[i];
        }
        std::int64_t oa = 0;
        std::int64_t ob = 0;
        for (std::size_t i = 0; i < nb; ++i) {
            oa = oa * ba[i] + (ba[i] == 1 ? 0 : index[i]);
            ob = ob * bb[i] + (bb[i] == 1 ? 0 : index[i]);
        }
        oa *= m * k;
        ob *= k * n;
        for (std::int64_t i = 0; i < m; ++i) {
            for (std::int64_t j = 0; j < n; ++j) {
                const std::size_t out = static_cast<std::size_t>((p * m + i) * n + j);
                if (floating) {
                    double sum = 0;
                    double mag = 0;
                    for (std::int64_t q = 0; q < k; ++q) {
                        const double x = ad[static_cast<std::size_t>(oa + i * k + q)];
                        const double y = bd[static_cast<std::size_t>(ob + q * n + j)];
                        sum += x * y;
                        mag += std::fabs(x * y);
                    }
                    ref.value[out] = sum;
                    ref.magnitude[out] = mag;
                } else {
                    std::uint64_t sum = 0;
                    for (std::int64_t q = 0; q < k; ++q) {
                        const std::uint64_t x = aw[static_cast<std::size_t>(oa + i * k + q)];
                        const std::uint64_t y = bw[static_cast<std::size_t>(ob + q * n + j)];
                        sum = result == DType::Bool ? (sum | (x & y)) : sum + x * y;
                    }
                    ref.word[out] = wrap_to(result, sum);
                }
            }
        }
    }
    return ref;
}

/// Checks `got` (NumPy's matmul of a and b) against the reference: shape, dtype, every element.
inline void expect_matches(const NDArray& got, const Reference& ref, DType dtype,
                           const std::string& what) {
    SCOPED_TRACE(what);
    ASSERT_EQ(got.dtype(), dtype);
    ASSERT_EQ(std::vector<std::int64_t>(got.shape().begin(), got.shape().end()), ref.shape);
    if (is_float_dtype(dtype)) {
        const std::vector<double> values = host_doubles(got);
        const double tol = tolerance(dtype);
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double allowed = tol * (1 + ref.magnitude[i]);
            if (!(std::fabs(values[i] - ref.value[i]) <= allowed)) {
                ADD_FAILURE() << "element " << i << ": got " << values[i] << ", expected "
                              << ref.value[i] << " (allowed error " << allowed << ")";
                return;
            }
        }
    } else {
        const std::vector<std::uint64_t> words = host_words(got);
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (words[i] != ref.word[i]) {
                ADD_FAILURE() << "element " << i << ": got " << words[i] << ", expected "
                              << ref.word[i];
                return;
            }
        }
    }
}

inline std::string shape_text(const NDArray& x) {
    return x.shape().to_string() + " strides " + x.strides().to_string();
}

} // namespace linalg_test
