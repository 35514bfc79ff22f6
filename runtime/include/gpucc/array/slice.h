// The vocabulary of NumPy's basic indexing, for NDArray::operator() and Array<T>::operator().
// With `using namespace gpucc;`, a(1, Slice(2, 8, 2), newaxis, ellipsis, Slice(none, none, -1))
// is NumPy's a[1, 2:8:2, np.newaxis, ..., ::-1]. Each entry is an Index:
//  - an integer picks one position and drops the axis (negative counts from the end);
//  - a Slice(start, stop, step) keeps the axis, with Python's defaults and clamping (gpucc::none
//    leaves a bound out; gpucc::all is `:`), negative steps included (gpucc::all is also numpy.all
//    when called: all(x) reduces, see gpucc/stdlib/reduction.h);
//  - gpucc::newaxis inserts an axis of extent 1;
//  - gpucc::ellipsis stands for as many `:` as the other entries leave (at most one).
// Axes the index does not reach are kept whole. Every result is a view: no element is copied.
#pragma once

#include "gpucc/array/axis.h"
#include "gpucc/array/dtype.h"

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace gpucc {

namespace detail {
[[noreturn]] void throw_index_out_of_int64(unsigned long long value);
} // namespace detail

/// Leaves a bound of a Slice out: Slice(none, none, -1) is `::-1`.
inline constexpr std::nullopt_t none = std::nullopt;

/// start:stop:step along one axis. A bound left out (none) takes Python's default for the
/// step's direction; negative bounds count from the end; bounds past either end are clamped.
/// A step of 0 is a ValueError when the slice is applied.
class Slice {
public:
    /// `:`, the whole axis.
    constexpr Slice() noexcept = default;
    constexpr Slice(std::optional<std::int64_t> start, std::optional<std::int64_t> stop,
                    std::optional<std::int64_t> step = std::nullopt) noexcept
        : start_(start), stop_(stop), step_(step) {}

    constexpr std::optional<std::int64_t> start() const noexcept { return start_; }
    constexpr std::optional<std::int64_t> stop() const noexcept { return stop_; }
    constexpr std::optional<std::int64_t> step() const noexcept { return step_; }

    /// Where the slice lands on an axis of `extent` elements, as Python's slice.indices() and
    /// len(range(...)) give it: the first position, the step and the number of positions.
    struct Resolved {
        std::int64_t start = 0;
        std::int64_t step = 1;
        std::int64_t length = 0;
    };
    /// ValueError for a step of 0.
    Resolved resolve(std::int64_t extent) const;

    /// Python's spelling: "1:5", "::-1", ":".
    std::string to_string() const;

private:
    std::optional<std::int64_t> start_;
    std::optional<std::int64_t> stop_;
    std::optional<std::int64_t> step_;
};

class NDArray;
template <ElementType T>
class Array;

namespace detail {
/// The type of gpucc::all: the slice `:` in an index (it is a Slice), and numpy.all when called
/// as a function (gpucc/stdlib/reduction.h; defined with the reductions and in array.h), so that
/// both of NumPy's spellings work: a(all, 1) and all(x, 1).
struct AllSlice : Slice {
    NDArray operator()(const NDArray& x, Axis axis = {}, bool keepdims = false) const;
    void operator()(const NDArray& x, const NDArray& out, Axis axis = {},
                    bool keepdims = false) const;
    template <ElementType T>
    Array<bool> operator()(const Array<T>& x, Axis axis = {}, bool keepdims = false) const;
};
} // namespace detail

/// `:`, the whole axis; called, numpy.all (gpucc/stdlib/reduction.h).
inline constexpr detail::AllSlice all{};

/// Inserts an axis of extent 1 (NumPy's np.newaxis / None).
struct NewAxis {};
inline constexpr NewAxis newaxis{};

/// As many `:` as needed to reach the axes after it (NumPy's `...`).
struct Ellipsis {};
inline constexpr Ellipsis ellipsis{};

/// One entry of an index: a position, a Slice, newaxis or ellipsis. Converts implicitly from each,
/// so a(1, Slice(0, 2)) needs no spelling of Index. A bool is refused at compile time (NumPy reads
/// it as a mask, which basic indexing does not do).
class Index {
public:
    enum class Kind : std::uint8_t { Position, Slice, NewAxis, Ellipsis };

    template <std::integral I>
        requires(!std::same_as<I, bool>)
    Index(I position) // NOLINT(google-explicit-constructor): a(1, 2) reads as NumPy's a[1, 2]
        : kind_(Kind::Position) {
        if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(std::int64_t)) {
            if (position > static_cast<I>(INT64_MAX)) {
                detail::throw_index_out_of_int64(position);
            }
        }
        position_ = static_cast<std::int64_t>(position);
    }
    Index(bool) = delete;
    constexpr Index(Slice slice) noexcept : kind_(Kind::Slice), slice_(slice) {} // NOLINT
    constexpr Index(NewAxis) noexcept : kind_(Kind::NewAxis) {}                  // NOLINT
    constexpr Index(Ellipsis) noexcept : kind_(Kind::Ellipsis) {}                // NOLINT

    constexpr Kind kind() const noexcept { return kind_; }
    /// The position of a Kind::Position entry.
    constexpr std::int64_t position() const noexcept { return position_; }
    /// The slice of a Kind::Slice entry.
    constexpr const Slice& slice() const noexcept { return slice_; }

private:
    Kind kind_;
    std::int64_t position_ = 0;
    Slice slice_;
};

} // namespace gpucc
