// Shapes and strides of arrays: small vectors of int64 kept inline (up to kMaxNdim dimensions,
// no heap), so that building and copying an array's metadata never allocates. Shape{1024, 1024}
// and Shape{n} take any integer types. Strides count bytes, as NumPy's and CuPy's do.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <span>
#include <string>

namespace gpucc {

/// Most dimensions an array may have (NumPy 1.x's limit).
inline constexpr int kMaxNdim = 32;

namespace detail {

[[noreturn]] void throw_too_many_dims(int ndim);
[[noreturn]] void throw_dim_out_of_range(unsigned long long value);

/// Inline storage shared by Shape and Strides.
class DimVector {
public:
    constexpr int ndim() const noexcept { return ndim_; }
    constexpr bool empty() const noexcept { return ndim_ == 0; }
    constexpr std::int64_t operator[](int axis) const noexcept { return dims_[axis]; }
    constexpr std::int64_t& operator[](int axis) noexcept { return dims_[axis]; }
    constexpr const std::int64_t* begin() const noexcept { return dims_; }
    constexpr const std::int64_t* end() const noexcept { return dims_ + ndim_; }
    constexpr std::int64_t* begin() noexcept { return dims_; }
    constexpr std::int64_t* end() noexcept { return dims_ + ndim_; }
    std::span<const std::int64_t> span() const noexcept { return {dims_, dims_ + ndim_}; }
    /// Appends one value; ShapeError past kMaxNdim.
    void push_back(std::int64_t value) {
        if (ndim_ == kMaxNdim) {
            throw_too_many_dims(ndim_ + 1);
        }
        dims_[ndim_++] = value;
    }
    /// Python's tuple spelling: "(3, 4)", "(4,)", "()".
    std::string to_string() const;

protected:
    constexpr DimVector() noexcept = default;
    explicit DimVector(std::span<const std::int64_t> values) {
        for (std::int64_t v : values) {
            push_back(v);
        }
    }
    template <std::integral I>
    void push_integer(I value) {
        if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(std::int64_t)) {
            if (value > static_cast<I>(std::numeric_limits<std::int64_t>::max())) {
                throw_dim_out_of_range(value);
            }
        }
        push_back(static_cast<std::int64_t>(value));
    }
    bool equals(const DimVector& other) const noexcept;

private:
    std::int64_t dims_[kMaxNdim] = {};
    int ndim_ = 0;
};

} // namespace detail

/// The extent of each dimension. Shape{} is 0-d (one element).
class Shape : public detail::DimVector {
public:
    constexpr Shape() noexcept = default;
    template <std::integral... I>
    Shape(I... dims) { // NOLINT(google-explicit-constructor): Shape{n} and {n} both work
        (push_integer(dims), ...);
    }
    explicit Shape(std::span<const std::int64_t> dims) : DimVector(dims) {}
    /// Product of the extents (1 for a 0-d shape). Extents must be >= 0.
    std::int64_t element_count() const noexcept;
    friend bool operator==(const Shape& a, const Shape& b) noexcept { return a.equals(b); }
};

/// The byte distance between neighbours along each dimension.
class Strides : public detail::DimVector {
public:
    constexpr Strides() noexcept = default;
    template <std::integral... I>
    Strides(I... strides) { // NOLINT(google-explicit-constructor)
        (push_integer(strides), ...);
    }
    explicit Strides(std::span<const std::int64_t> strides) : DimVector(strides) {}
    /// The strides of a C-contiguous (row-major) array of `shape` and `itemsize`-byte elements.
    static Strides c_contiguous(const Shape& shape, std::int64_t itemsize);
    friend bool operator==(const Strides& a, const Strides& b) noexcept { return a.equals(b); }
};

} // namespace gpucc
