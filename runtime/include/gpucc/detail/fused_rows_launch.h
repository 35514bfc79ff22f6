// The launch of a fused function with several reductions over one axis (softmax, log-sum-exp,
// variance; dsl/reference.md "Fused functions"), used by the generated header: its kernel,
// `NAME__rows`, runs a block per row of the inputs seen as a (rows, length) matrix whose last axis
// is the reduced one. This class broadcasts the inputs together (NumPy's rules), moves the
// reduced axis last and views each input as that matrix (a view where NumPy's no-copy reshape
// finds strides, which the kernel reads with any strides, else a C-contiguous copy), checks or
// allocates the output, views it the same way (or writes a temporary copied into it afterwards),
// and picks the launch: a warp per row for a row the kernel holds in one warp's registers, else a
// block per row (config()).
#pragma once

#include "gpucc/array/ndarray.h"
#include "gpucc/array/transfer.h"
#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpucc::detail {

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
            return view;
        }
        temporary_ = empty(rows_shape, out.dtype(), out.device());
        return *temporary_;
    }

    /// The most elements of a row one thread of `NAME__rows` holds in registers, for inputs of
    /// `bytes` bytes per element in all (compiler/sema/FusePersistent.h,
    /// persistent_register_slots(), computes the same number for the kernel).
    static constexpr std::int64_t register_slots(std::size_t bytes) noexcept {
        return bytes <= 4 ? 32 : bytes <= 8 ? 16 : bytes <= 16 ? 8 : 4;
    }

    /// The launch for inputs of `bytes` bytes per element in all. A row of at most 32 *
    /// register_slots elements: a warp per row, four rows per block of 128 threads (the kernel
    /// takes the rows of its warps when the row is that short). A longer row: a block of 256
    /// threads per row (held in registers up to 256 * register_slots elements, else read once
    /// per pass); 256 threads run whatever registers the kernel needs. Grid-strided past 2^31 - 1
    /// blocks.
    LaunchConfig config(std::size_t bytes) const {
        const bool by_warp = length_ >= 1 && length_ <= 32 * register_slots(bytes);
        std::int64_t threads = by_warp ? 128 : 256;
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

    std::string function_;
    bool keepdims_;
    bool full_result_;
    std::vector<NDArray> inputs_;
    Shape shape_, result_shape_;
    std::vector<int> order_;
    int axis_ = 0;
    std::int64_t length_ = 0, rows_ = 0;
    std::optional<NDArray> target_, temporary_;
};

} // namespace gpucc::detail
