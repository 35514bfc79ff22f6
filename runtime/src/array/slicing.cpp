// Basic indexing: Slice's Python semantics (defaults, negative bounds, clamping, negative steps)
// and NDArray::index, which turns positions, slices, newaxis and ellipsis into a view by moving
// the byte offset and rewriting the shape and strides. No element is read or copied.
#include "gpucc/array/ndarray.h"
#include "gpucc/array/slice.h"
#include "gpucc/errors.h"

#include <cstdint>
#include <limits>
#include <string>

namespace gpucc {
namespace detail {

void throw_index_out_of_int64(unsigned long long value) {
    throw IndexError("index: position " + std::to_string(value) + " does not fit in int64");
}

} // namespace detail

Slice::Resolved Slice::resolve(std::int64_t extent) const {
    std::int64_t step = step_.value_or(1);
    if (step == 0) {
        throw ValueError("slice " + to_string() + ": the step cannot be 0");
    }
    if (step == std::numeric_limits<std::int64_t>::min()) {
        step = -std::numeric_limits<std::int64_t>::max(); // as Python does, so -step fits
    }
    // The bounds a position is clamped to: [0, extent] going up, [-1, extent - 1] going down.
    const std::int64_t lower = step > 0 ? 0 : -1;
    const std::int64_t upper = step > 0 ? extent : extent - 1;
    const auto clamp = [&](std::optional<std::int64_t> bound, std::int64_t fallback) {
        if (!bound) {
            return fallback;
        }
        std::int64_t position = *bound;
        if (position < 0) {
            position += extent;
            return position < lower ? lower : position;
        }
        return position > upper ? upper : position;
    };
    Resolved resolved;
    resolved.step = step;
    resolved.start = clamp(start_, step > 0 ? lower : upper);
    const std::int64_t stop = clamp(stop_, step > 0 ? upper : lower);
    if (step > 0 && resolved.start < stop) {
        resolved.length = (stop - resolved.start - 1) / step + 1;
    } else if (step < 0 && stop < resolved.start) {
        resolved.length = (resolved.start - stop - 1) / -step + 1;
    }
    return resolved;
}

std::string Slice::to_string() const {
    std::string text;
    if (start_) {
        text += std::to_string(*start_);
    }
    text += ':';
    if (stop_) {
        text += std::to_string(*stop_);
    }
    if (step_) {
        text += ':' + std::to_string(*step_);
    }
    return text;
}

NDArray NDArray::index(std::span<const Index> items) const {
    int consumed = 0; // axes the positions and slices take
    int ellipses = 0;
    for (const Index& item : items) {
        if (item.kind() == Index::Kind::Position || item.kind() == Index::Kind::Slice) {
            ++consumed;
        } else if (item.kind() == Index::Kind::Ellipsis) {
            ++ellipses;
        }
    }
    if (ellipses > 1) {
        throw IndexError("index: an index may hold only one ellipsis, this one holds " +
                         std::to_string(ellipses));
    }
    if (consumed > ndim()) {
        throw IndexError("index: too many indices: the array has " + std::to_string(ndim()) +
                         (ndim() == 1 ? " dimension" : " dimensions") + " but " +
                         std::to_string(consumed) + " were indexed");
    }
    Shape shape;
    Strides strides;
    std::int64_t offset = byte_offset_;
    int axis = 0; // the next axis of this array the index reaches
    for (const Index& item : items) {
        switch (item.kind()) {
        case Index::Kind::Position: {
            const std::int64_t extent = shape_[axis];
            std::int64_t position = item.position();
            if (position < -extent || position >= extent) {
                const std::string valid = extent == 0 ? "the axis is empty"
                                                      : "valid: " + std::to_string(-extent) +
                                                            " to " + std::to_string(extent - 1);
                throw IndexError("index: position " + std::to_string(position) +
                                 " is out of range for axis " + std::to_string(axis) +
                                 " of extent " + std::to_string(extent) + " (" + valid + ")");
            }
            if (position < 0) {
                position += extent;
            }
            offset += position * strides_[axis];
            ++axis;
            break;
        }
        case Index::Kind::Slice: {
            const Slice& slice = item.slice();
            if (slice.step() == std::int64_t{0}) {
                throw ValueError("index: the slice " + slice.to_string() + " for axis " +
                                 std::to_string(axis) + " has step 0; a step cannot be 0");
            }
            const Slice::Resolved r = slice.resolve(shape_[axis]);
            std::int64_t stride = 0;
            if (__builtin_mul_overflow(strides_[axis], r.step, &stride)) {
                stride = 0; // only when at most one position is taken: its stride is never used
            }
            if (r.length > 0) {
                offset += r.start * strides_[axis];
            }
            shape.push_back(r.length);
            strides.push_back(stride);
            ++axis;
            break;
        }
        case Index::Kind::NewAxis:
            shape.push_back(1);
            strides.push_back(0);
            break;
        case Index::Kind::Ellipsis:
            for (int k = 0; k < ndim() - consumed; ++k) {
                shape.push_back(shape_[axis]);
                strides.push_back(strides_[axis]);
                ++axis;
            }
            break;
        }
    }
    for (; axis < ndim(); ++axis) {
        shape.push_back(shape_[axis]);
        strides.push_back(strides_[axis]);
    }
    return with_layout(shape, strides, offset);
}

} // namespace gpucc
