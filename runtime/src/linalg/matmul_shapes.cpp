// matmul's shape rules and argument checks (matmul_shapes.h).
#include "linalg/matmul_shapes.h"

#include "gpucc/errors.h"
#include "gpucc/stdlib/promotion.h"

#include <algorithm>
#include <string>
#include <utility>

namespace gpucc::linalg::detail {
namespace {

// The lowest and one past the highest byte `x` can touch, relative to its buffer.
std::pair<std::int64_t, std::int64_t> byte_extent(const NDArray& x) {
    std::int64_t low = x.byte_offset();
    std::int64_t high = x.byte_offset();
    for (int i = 0; i < x.ndim(); ++i) {
        const std::int64_t span = (x.shape()[i] - 1) * x.strides()[i];
        (span < 0 ? low : high) += span;
    }
    return {low, high + static_cast<std::int64_t>(x.itemsize())};
}

} // namespace

bool may_overlap(const NDArray& a, const NDArray& b) {
    if (a.size() == 0 || b.size() == 0 || a.buffer() == nullptr || a.buffer() != b.buffer()) {
        return false;
    }
    const auto [a_low, a_high] = byte_extent(a);
    const auto [b_low, b_high] = byte_extent(b);
    return a_low < b_high && b_low < a_high;
}

MatmulShapes matmul_shapes(const NDArray& a, const NDArray& b, const char* function) {
    const std::string name = function;
    if (a.device() != b.device()) {
        throw DeviceError(name + ": the operands are on two devices: a on " +
                          a.device().to_string() + ", b on " + b.device().to_string() +
                          " (move one with .to(device))");
    }
    for (const auto& [x, label] : {std::pair<const NDArray*, const char*>{&a, "a"}, {&b, "b"}}) {
        if (x->ndim() == 0) {
            throw ValueError(name + ": argument " + label +
                             " is 0-d (shape ()); matmul needs at least one dimension (use "
                             "multiply for scalars)");
        }
    }
    MatmulShapes shapes;
    shapes.dtype = result_type(a.dtype(), b.dtype());
    shapes.a_vector = a.ndim() == 1;
    shapes.b_vector = b.ndim() == 1;
    shapes.a2 = shapes.a_vector ? a.expand_dims(0) : a;
    shapes.b2 = shapes.b_vector ? b.expand_dims(1) : b;
    const NDArray& a2 = shapes.a2;
    const NDArray& b2 = shapes.b2;
    const std::int64_t k_a = a2.shape()[a2.ndim() - 1];
    const std::int64_t k_b = b2.shape()[b2.ndim() - 2];
    if (k_a != k_b) {
        throw ShapeError(name + ": inner dimensions differ: a has shape " + a.shape().to_string() +
                         " and b has shape " + b.shape().to_string() + "; a's last axis (" +
                         std::to_string(k_a) + ") must equal b's " +
                         (shapes.b_vector ? "only" : "second-to-last") + " axis (" +
                         std::to_string(k_b) + ")");
    }
    const int batch_a = a2.ndim() - 2;
    const int batch_b = b2.ndim() - 2;
    const int batch_ndim = std::max(batch_a, batch_b);
    for (int i = 0; i < batch_ndim; ++i) {
        const int ia = i - (batch_ndim - batch_a);
        const int ib = i - (batch_ndim - batch_b);
        const std::int64_t ea = ia >= 0 ? a2.shape()[ia] : 1;
        const std::int64_t eb = ib >= 0 ? b2.shape()[ib] : 1;
        if (ea != eb && ea != 1 && eb != 1) {
            throw ShapeError(name + ": the batch axes of a (shape " + a.shape().to_string() +
                             ") and b (shape " + b.shape().to_string() + ") do not broadcast: " +
                             std::to_string(ea) + " against " + std::to_string(eb));
        }
        shapes.batch.push_back(ea == 1 ? eb : ea);
    }
    shapes.full = shapes.batch;
    shapes.full.push_back(a2.shape()[a2.ndim() - 2]);
    shapes.full.push_back(b2.shape()[b2.ndim() - 1]);
    shapes.result = shapes.batch;
    if (!shapes.a_vector) {
        shapes.result.push_back(a2.shape()[a2.ndim() - 2]);
    }
    if (!shapes.b_vector) {
        shapes.result.push_back(b2.shape()[b2.ndim() - 1]);
    }
    return shapes;
}

void check_out(const NDArray& out, const NDArray& a, const NDArray& b, const MatmulShapes& shapes,
               const char* function) {
    const std::string name = function;
    if (out.device() != a.device()) {
        throw DeviceError(name + ": argument out is on " + out.device().to_string() +
                          ", the operands on " + a.device().to_string());
    }
    if (out.shape() != shapes.result) {
        throw ShapeError(name + ": argument out has shape " + out.shape().to_string() +
                         "; the result's shape is " + shapes.result.to_string());
    }
    if (out.dtype() != shapes.dtype) {
        throw TypeError(name + ": argument out has dtype " + std::string(dtype_name(out.dtype())) +
                        "; the result's dtype is " + std::string(dtype_name(shapes.dtype)));
    }
    if (may_overlap(out, a) || may_overlap(out, b)) {
        throw ValueError(name + ": argument out shares memory with " +
                         (may_overlap(out, a) ? "a" : "b") +
                         "; give an output that overlaps neither operand");
    }
}

NDArray drop_added_axes(const NDArray& full, const MatmulShapes& shapes) {
    NDArray result = full;
    if (shapes.b_vector) {
        result = result.squeeze(result.ndim() - 1);
    }
    if (shapes.a_vector) {
        result = result.squeeze(result.ndim() - (shapes.b_vector ? 1 : 2));
    }
    return result;
}

NDArray with_added_axes(const NDArray& out, const MatmulShapes& shapes) {
    NDArray full = out;
    if (shapes.a_vector) {
        full = full.expand_dims(full.ndim() - (shapes.b_vector ? 0 : 1));
    }
    if (shapes.b_vector) {
        full = full.expand_dims(full.ndim());
    }
    return full;
}

} // namespace gpucc::linalg::detail
