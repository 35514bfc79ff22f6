// The launch of a fused function with several reductions over one axis (softmax, log-sum-exp,
// variance; dsl/reference.md "Fused functions"), used by the generated header: its kernel,
// `NAME__rows` (or a register kernel), runs over the inputs seen as a (rows, length) matrix whose
// last axis is the reduced one. This class broadcasts the inputs together (NumPy's rules), moves
// the reduced axis last and views each input as that matrix (a view where NumPy's no-copy reshape
// finds strides, which the kernel reads with any strides, else a C-contiguous copy), checks or
// allocates the output, views it the same way (or writes a temporary copied into it afterwards),
// reads an input that overlaps the output through a copy (the overlap rule of elementwise kernels),
// and picks the kernel and its launch: on the GPU a register kernel for a row that fits one (a
// warp or a block per row), else `NAME__rows` (pick(), config()).
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/transfer.h"
#include "gpucc/detail/grid_kernel_launch.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpucc::detail {

/// The device of the first array (a gpucc::Array or an NDArray) among the arguments, where a C++
/// scalar argument becomes a 0-d array; the default device when none is an array.
inline Device first_array_device() {
    return default_device();
}
template <class A, class... Rest>
Device first_array_device(const A& first, const Rest&... rest) {
    if constexpr (is_grid_array_argument_v<A>) {
        return first.device();
    } else {
        return first_array_device(rest...);
    }
}

/// An argument of a fused function with several reductions for a parameter of type T, as the
/// launch takes it: a gpucc::Array<T> or an NDArray of T's dtype as it is (another type is a
/// TypeError naming the argument: an Array only reaches here so from a run-time dispatch that
/// does not run this instance), a C++ scalar converted to T as an elementwise kernel converts it
/// (ValueError when it does not fit) into a 0-d array on `device`, broadcast like any array.
template <class T, class A>
NDArray fused_rows_argument(const char* function, const char* param, const A& argument,
                            Device device) {
    if constexpr (is_ndarray_v<A>) {
        if (argument.dtype() != dtype_of<T>()) {
            throw_argument_type(function, param, dtype_of<T>(), argument.dtype());
        }
        return argument;
    } else if constexpr (is_array_v<A>) {
        if constexpr (!std::is_same_v<typename ArrayTraits<std::remove_cvref_t<A>>::Element, T>) {
            throw_argument_type(function, param, dtype_of<T>(), argument.ndarray().dtype());
        } else {
            return argument.ndarray();
        }
    } else {
        const T value = convert_scalar<T>(argument, function, param);
        return array_from_host(&value, 1, Shape(), device).ndarray();
    }
}

class FusedRowsLaunch {
public:
    /// `axis` as written in the definition (negative: from the end); `full_result`: the result
    /// has the broadcast shape, else the reduced one (with the axis of extent 1 when
    /// `keepdims`); `needs_elements`: min or max, which a row of no elements cannot compute.
    FusedRowsLaunch(const char* function, int axis, bool keepdims, bool full_result,
                    bool needs_elements, std::vector<NDArray> inputs)
        : function_(function), keepdims_(keepdims), full_result_(full_result),
          inputs_(std::move(inputs)) {
        int ndim = 0;
        for (const NDArray& input : inputs_) {
            ndim = std::max(ndim, input.ndim());
        }
        shape_ = Shape();
        for (int k = 0; k < ndim; ++k) {
            std::int64_t extent = 1;
            for (const NDArray& input : inputs_) {
                int at = k - (ndim - input.ndim());
                std::int64_t each = at < 0 ? 1 : input.shape()[at];
                if (each != 1 && extent != 1 && each != extent) {
                    throw ShapeError(function_ +
                                     ": the inputs' shapes do not broadcast together "
                                     "(axis " +
                                     std::to_string(k) + ": " + std::to_string(extent) + " and " +
                                     std::to_string(each) + ")");
                }
                extent = each != 1 ? each : extent;
            }
            shape_.push_back(extent);
        }
        if (axis < -ndim || axis >= ndim) {
            throw IndexError(function_ + ": axis " + std::to_string(axis) +
                             " is out of range for an array of " + std::to_string(ndim) +
                             " dimensions");
        }
        axis_ = axis < 0 ? axis + ndim : axis;
        length_ = shape_[axis_];
        rows_ = 1;
        for (int k = 0; k < ndim; ++k) {
            if (k != axis_) {
                order_.push_back(k);
                rows_ *= shape_[k];
            }
        }
        order_.push_back(axis_);
        if (needs_elements && length_ == 0 && rows_ != 0) {
            throw ValueError(function_ + ": the reduced axis has no elements, and min or max of "
                                         "no elements has no value (NumPy raises ValueError)");
        }
        for (NDArray& input : inputs_) {
            input = input.broadcast_to(shape_).transpose(order_).reshape(matrix_shape());
        }
        for (int k = 0; k < ndim; ++k) {
            if (k != axis_) {
                result_shape_.push_back(shape_[k]);
            } else if (full_result_) {
                result_shape_.push_back(length_);
            } else if (keepdims_) {
                result_shape_.push_back(1);
            }
        }
    }

    const Shape& result_shape() const noexcept { return result_shape_; }
    Device device() const { return inputs_.front().device(); }
    const NDArray& input(std::size_t k) const { return inputs_[k]; }
    /// Whether there is a row to compute.
    bool has_rows() const noexcept { return rows_ > 0; }

    /// The output's view the kernel writes: (rows, length) for a full result, (rows) otherwise;
    /// a temporary when `out` cannot be viewed so (finish() then copies it into `out`).
    NDArray output_rows(const NDArray& out) {
        if (!(out.shape() == result_shape_)) {
            throw ShapeError(function_ + ": the output must have shape " +
                             result_shape_.to_string() + ", got " + out.shape().to_string());
        }
        target_ = full_result_ ? out.transpose(order_) : out;
        Shape rows_shape = full_result_ ? matrix_shape() : Shape(rows_);
        NDArray view = target_->reshape(rows_shape);
        if (view.data() == target_->data() || rows_ * (full_result_ ? length_ : 1) == 0) {
            target_.reset();
            separate_overlapping_inputs(view);
            return view;
        }
        temporary_ = empty(rows_shape, out.dtype(), out.device());
        return *temporary_;
    }

    /// A register kernel of the function (kir::FusedRows::Variant): `slots` elements of a row
    /// per thread, a warp per row (rows up to 32 * slots) or a block of 256 threads per row (up
    /// to 256 * slots).
    struct RowsVariant {
        bool by_warp;
        int slots;
    };

    /// The kernel for inputs of `bytes` bytes per element in all: the index of the first of
    /// `variants` that holds a row, or -1 for `NAME__rows` (the host, rows of no elements, rows
    /// longer than every variant, more than 2^31 - 1 rows). A variant holds at most 128 bytes per
    /// thread (32 float32, 16 float64: compiler/sema/FusePersistent.h, persistent_variant_fits(),
    /// is the same rule).
    int pick(std::size_t bytes, std::initializer_list<RowsVariant> variants) {
        chosen_.reset();
        // A register kernel takes one row per warp (or block) and no more: every row needs its
        // own, within 2^31 - 1 blocks.
        if (device().is_cpu() || length_ < 1 || rows_ > 2147483647) {
            return -1;
        }
        int index = 0;
        for (const RowsVariant& variant : variants) {
            const std::int64_t group = variant.by_warp ? 32 : 256;
            if (static_cast<std::size_t>(variant.slots) * bytes <= 128 &&
                length_ <= group * variant.slots) {
                chosen_ = variant;
                return index;
            }
            ++index;
        }
        return -1;
    }

    /// The launch of the kernel pick() chose. A warp per row: four rows per block of 128
    /// threads. A block per row: 256 threads for a held row; for a re-read one (NAME__rows) 256,
    /// on the GPU 512 from 4096 elements and 1024 from 16384 (more loads in flight per row).
    /// NAME__rows is grid-strided past 2^31 - 1 blocks; a register kernel gets a block per four
    /// rows (or per row), which pick() checked.
    LaunchConfig config() const {
        const bool by_warp = chosen_ && chosen_->by_warp;
        std::int64_t threads = by_warp ? 128 : 256;
        if (!chosen_ && !device().is_cpu()) {
            threads = length_ >= 16384 ? 1024 : length_ >= 4096 ? 512 : 256;
        }
        std::int64_t blocks = by_warp ? (rows_ + 3) / 4 : rows_;
        blocks = std::min<std::int64_t>(blocks, 2147483647);
        return LaunchConfig{Dim3(static_cast<std::uint32_t>(blocks)),
                            Dim3(static_cast<std::uint32_t>(threads)),
                            0,
                            {}};
    }

    /// Copies a temporary output into the given one.
    void finish() {
        if (temporary_) {
            copyto(*target_, temporary_->reshape(target_->shape()));
        }
    }

private:
    Shape matrix_shape() const { return Shape(rows_, length_); }

    /// The overlap rule of elementwise kernels: an input whose memory overlaps the output the
    /// kernel writes is read through a copy, unless it is exactly that output of the inputs'
    /// shape (same address and strides: each element is read, by the thread that writes it, in
    /// the pass that writes it, after the reductions read the row). Another row's result or a
    /// reduced result written into a row being read would race with its reading.
    void separate_overlapping_inputs(const NDArray& written) {
        const auto [out_first, out_last] = byte_span(written);
        for (NDArray& input : inputs_) {
            const auto [first, last] = byte_span(input);
            const bool overlaps = first < out_last && out_first < last;
            const bool same = full_result_ && input.data() == written.data() &&
                              input.strides() == written.strides();
            if (overlaps && !same) {
                input = input.copy();
            }
        }
    }

    /// [first, last) of the bytes the elements of `array` occupy (empty without elements).
    static std::pair<std::uintptr_t, std::uintptr_t> byte_span(const NDArray& array) {
        const auto start = reinterpret_cast<std::uintptr_t>(array.data());
        if (array.size() == 0) {
            return {start, start};
        }
        std::int64_t low = 0;
        std::int64_t high = static_cast<std::int64_t>(array.itemsize());
        for (int k = 0; k < array.ndim(); ++k) {
            const std::int64_t step = array.strides()[k] * (array.shape()[k] - 1);
            (step < 0 ? low : high) += step;
        }
        return {start + static_cast<std::uintptr_t>(low),
                start + static_cast<std::uintptr_t>(high)};
    }

    std::string function_;
    bool keepdims_;
    bool full_result_;
    std::vector<NDArray> inputs_;
    Shape shape_, result_shape_;
    std::vector<int> order_;
    int axis_ = 0;
    std::int64_t length_ = 0, rows_ = 0;
    std::optional<NDArray> target_, temporary_;
    std::optional<RowsVariant> chosen_;
};

} // namespace gpucc::detail
