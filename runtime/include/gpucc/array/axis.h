// Which axes a reduction runs over, as NumPy's `axis=` argument: every axis (the default,
// `Axis{}` or `Axis::all()`), one axis (`Axis{1}`, or a plain integer: `sum(x, 1)`; a bool or a
// floating value is a compile error), or several
// (`Axis{0, 2}`); negative axes count from the end. The axes are checked against the array's
// rank when the reduction runs (an AxisError-style IndexError naming the call, or a ValueError
// for an axis given twice).
#pragma once

#include "gpucc/array/shape.h"
#include "gpucc/errors.h"

#include <initializer_list>
#include <string>
#include <type_traits>

namespace gpucc {

class Axis {
public:
    /// Every axis.
    constexpr Axis() noexcept = default;
    /// One axis.
    constexpr Axis(int axis) noexcept : all_(false), count_(1), axes_{axis} {} // NOLINT
    /// Not an axis: a bool or a floating value would silently name axis 0 or 1 (`sum(x, true)`
    /// meant as keepdims), so it does not compile. Other integer types convert to int as usual.
    template <class T>
        requires(std::is_same_v<T, bool> || std::is_floating_point_v<T>)
    Axis(T) = delete;
    /// A list of axes; ValueError for more than kMaxNdim of them.
    Axis(std::initializer_list<int> axes) : all_(false) {
        if (axes.size() > static_cast<std::size_t>(kMaxNdim)) {
            throw ValueError("Axis: " + std::to_string(axes.size()) + " axes given; at most " +
                             std::to_string(kMaxNdim));
        }
        for (int axis : axes) {
            axes_[count_++] = axis;
        }
    }
    static constexpr Axis all() noexcept { return Axis(); }

    bool is_all() const noexcept { return all_; }
    int count() const noexcept { return count_; }
    const int* begin() const noexcept { return axes_; }
    const int* end() const noexcept { return axes_ + count_; }
    int operator[](int k) const noexcept { return axes_[k]; }

private:
    bool all_ = true;
    int count_ = 0;
    int axes_[kMaxNdim] = {};
};

} // namespace gpucc
