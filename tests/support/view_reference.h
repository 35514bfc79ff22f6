// Shared by the view tests: random test data (never all zero) and the reference for a view's
// elements, computed from the original C-order data and, per axis, the list of positions the
// view takes, independently of the runtime's strides arithmetic.
#pragma once

#include "gpucc/array/shape.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace view_reference {

/// `n` distinct-looking values in [-1000, 1000) (not all zero).
inline std::vector<float> random_floats(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1000.0F, 1000.0F);
    std::vector<float> values(n);
    for (float& v : values) {
        v = dist(rng);
    }
    return values;
}

/// The elements, in C order, of the view of `data` (C order, shape `shape`) that takes along
/// each axis the positions picks[axis], in the order listed.
template <class T>
std::vector<T> picked(const std::vector<T>& data, const gpucc::Shape& shape,
                      const std::vector<std::vector<std::int64_t>>& picks) {
    std::vector<T> out;
    const int ndim = shape.ndim();
    for (const auto& p : picks) {
        if (p.empty()) {
            return out;
        }
    }
    std::vector<std::size_t> index(static_cast<std::size_t>(ndim), 0);
    while (true) {
        std::int64_t flat = 0;
        for (int axis = 0; axis < ndim; ++axis) {
            const auto a = static_cast<std::size_t>(axis);
            flat = flat * shape[axis] + picks[a][index[a]];
        }
        out.push_back(data[static_cast<std::size_t>(flat)]);
        int axis = ndim - 1;
        while (axis >= 0) {
            const auto a = static_cast<std::size_t>(axis);
            if (++index[a] < picks[a].size()) {
                break;
            }
            index[a] = 0;
            --axis;
        }
        if (axis < 0) {
            return out;
        }
    }
}

/// 0, 1, ..., n - 1.
inline std::vector<std::int64_t> all_positions(std::int64_t n) {
    std::vector<std::int64_t> positions;
    for (std::int64_t i = 0; i < n; ++i) {
        positions.push_back(i);
    }
    return positions;
}

} // namespace view_reference
