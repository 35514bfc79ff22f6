// What the distributed tests compare against: each rank's input is made from a seed that names
// the rank, the dtype and the case, so every rank can make every other rank's input and compute
// the expected result on the host in double, independently of the engines. Values are random but
// small (so sums and products of a few ranks stay in range for int8 and exact in bfloat16);
// float inputs carry fractions. Shared by the MPI, single-GPU and multi-GPU tests.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <gpucc/array/dtype.h>
#include <gpucc/array/half.h>
#include <gpucc/distributed/communicator.h>
#include <random>
#include <string>
#include <vector>

namespace gpucc_test {

inline std::vector<gpucc::DType> all_dtypes() {
    return {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind) gpucc::DType::enumerator,
#include <gpucc/abi/dtypes.def>
    };
}

/// The values of rank `rank`'s input of `n` elements, as doubles exactly representable in dtype.
inline std::vector<double> rank_values(int rank, gpucc::DType dtype, std::size_t n, int salt) {
    std::mt19937_64 engine(static_cast<std::uint64_t>(rank) * 1000003u +
                           static_cast<std::uint64_t>(dtype) * 7919u +
                           static_cast<std::uint64_t>(salt));
    std::vector<double> values(n);
    for (double& v : values) {
        const auto r = static_cast<int>(engine() % 9); // 0..8
        switch (dtype) {
        case gpucc::DType::Bool:
            v = r % 2;
            break;
        case gpucc::DType::UInt8:
        case gpucc::DType::UInt16:
        case gpucc::DType::UInt32:
        case gpucc::DType::UInt64:
            v = r % 5 + 1; // 1..5: a product of three ranks fits uint8
            break;
        case gpucc::DType::Float16:
        case gpucc::DType::BFloat16:
        case gpucc::DType::Float32:
        case gpucc::DType::Float64:
            v = (r - 4) * 0.5; // -2..2 in halves: sums and products are exact in bfloat16
            break;
        default:
            v = r - 4; // -4..4
            break;
        }
    }
    return values;
}

template <class T>
void store_as(const std::vector<double>& values, std::vector<std::byte>& bytes) {
    bytes.resize(values.size() * sizeof(T));
    for (std::size_t i = 0; i < values.size(); ++i) {
        T v;
        if constexpr (std::is_same_v<T, bool>) {
            v = values[i] != 0;
        } else if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>) {
            v = static_cast<T>(values[i]);
        } else {
            v = T(static_cast<float>(values[i]));
        }
        std::memcpy(bytes.data() + i * sizeof(T), &v, sizeof(T));
    }
}

template <class T>
void load_as(const std::vector<std::byte>& bytes, std::vector<double>& values) {
    values.resize(bytes.size() / sizeof(T));
    for (std::size_t i = 0; i < values.size(); ++i) {
        T v;
        std::memcpy(&v, bytes.data() + i * sizeof(T), sizeof(T));
        if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T> ||
                      std::is_floating_point_v<T>) {
            values[i] = static_cast<double>(v);
        } else {
            values[i] = static_cast<double>(static_cast<float>(v));
        }
    }
}

/// `values` as the bytes of an array of `dtype`.
inline std::vector<std::byte> to_bytes(const std::vector<double>& values, gpucc::DType dtype) {
    std::vector<std::byte> bytes;
    switch (dtype) {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind)                                        \
    case gpucc::DType::enumerator:                                                                 \
        store_as<cpp_type>(values, bytes);                                                         \
        break;
#include <gpucc/abi/dtypes.def>
    }
    return bytes;
}

inline std::vector<double> from_bytes(const std::vector<std::byte>& bytes, gpucc::DType dtype) {
    std::vector<double> values;
    switch (dtype) {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind)                                        \
    case gpucc::DType::enumerator:                                                                 \
        load_as<cpp_type>(bytes, values);                                                          \
        break;
#include <gpucc/abi/dtypes.def>
    }
    return values;
}

inline bool is_float(gpucc::DType dtype) {
    return dtype == gpucc::DType::Float16 || dtype == gpucc::DType::BFloat16 ||
           dtype == gpucc::DType::Float32 || dtype == gpucc::DType::Float64;
}

/// op over the ranks' values at each position, computed in double; avg truncates for integers.
inline std::vector<double> reduce_reference(const std::vector<std::vector<double>>& per_rank,
                                            gpucc::distributed::ReduceOp op, gpucc::DType dtype) {
    using gpucc::distributed::ReduceOp;
    std::vector<double> out = per_rank.front();
    for (std::size_t r = 1; r < per_rank.size(); ++r) {
        for (std::size_t i = 0; i < out.size(); ++i) {
            const double x = per_rank[r][i];
            switch (op) {
            case ReduceOp::Sum:
            case ReduceOp::Avg:
                out[i] += x;
                break;
            case ReduceOp::Prod:
                out[i] *= x;
                break;
            case ReduceOp::Max:
                out[i] = std::max(out[i], x);
                break;
            case ReduceOp::Min:
                out[i] = std::min(out[i], x);
                break;
            }
        }
    }
    if (op == ReduceOp::Avg) {
        for (double& v : out) {
            v /= static_cast<double>(per_rank.size());
            if (!is_float(dtype)) {
                v = std::trunc(v);
            }
        }
    }
    return out;
}

/// How far a result may be from the reference: 0 for integers, a rounding of the dtype for
/// floats (only avg rounds; every other result is exact with these inputs).
inline double tolerance(gpucc::DType dtype) {
    switch (dtype) {
    case gpucc::DType::Float16:
        return 2e-3;
    case gpucc::DType::BFloat16:
        return 1e-2;
    case gpucc::DType::Float32:
        return 1e-6;
    case gpucc::DType::Float64:
        return 1e-12;
    default:
        return 0;
    }
}

/// The first position where `got` and `expected` differ by more than the tolerance, described;
/// empty when they agree.
inline std::string first_difference(const std::vector<double>& got,
                                    const std::vector<double>& expected, gpucc::DType dtype) {
    if (got.size() != expected.size()) {
        return "sizes differ: " + std::to_string(got.size()) + " vs " +
               std::to_string(expected.size());
    }
    const double tol = tolerance(dtype);
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::abs(got[i] - expected[i]) > tol * std::max(1.0, std::abs(expected[i]))) {
            return "element " + std::to_string(i) + ": got " + std::to_string(got[i]) +
                   ", expected " + std::to_string(expected[i]);
        }
    }
    return {};
}

/// Whether `op` reduces `dtype` on every engine (bool only by max and min).
inline bool reducible(gpucc::DType dtype, gpucc::distributed::ReduceOp op) {
    using gpucc::distributed::ReduceOp;
    return dtype != gpucc::DType::Bool || op == ReduceOp::Max || op == ReduceOp::Min;
}

inline const std::vector<gpucc::distributed::ReduceOp>& all_ops() {
    using gpucc::distributed::ReduceOp;
    static const std::vector<ReduceOp> ops = {ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max,
                                              ReduceOp::Min, ReduceOp::Avg};
    return ops;
}

} // namespace gpucc_test
