// numpy.dot, vdot, inner and outer (linalg/matmul.h), each reshaped into one matmul or one
// broadcasting multiply, so every dtype and both devices come for free from those.
#include "gpucc/errors.h"
#include "gpucc/linalg/matmul.h"
#include "gpucc/stdlib/ufunc.h"

#include <string>
#include <vector>

namespace gpucc {
namespace {

void check_devices(const NDArray& a, const NDArray& b, const char* function) {
    if (a.device() != b.device()) {
        throw DeviceError(std::string(function) + ": the operands are on two devices: a on " +
                          a.device().to_string() + ", b on " + b.device().to_string() +
                          " (move one with .to(device))");
    }
}

Shape flat(std::int64_t n) {
    return Shape{n};
}

// Shape x.shape[first:last].
Shape sub_shape(const Shape& shape, int first, int last) {
    Shape result;
    for (int i = first; i < last; ++i) {
        result.push_back(shape[i]);
    }
    return result;
}

std::int64_t product(const Shape& shape) {
    return shape.element_count();
}

[[noreturn]] void throw_mismatch(const char* function, const NDArray& a, const NDArray& b,
                                 const std::string& which) {
    throw ShapeError(std::string(function) + ": shapes " + a.shape().to_string() + " (a) and " +
                     b.shape().to_string() + " (b) not aligned: " + which);
}

} // namespace

NDArray dot(const NDArray& a, const NDArray& b) {
    check_devices(a, b, "dot");
    if (a.ndim() == 0 || b.ndim() == 0) {
        return multiply(a, b);
    }
    if (b.ndim() <= 2) {
        if (a.shape()[a.ndim() - 1] != b.shape()[0]) {
            throw_mismatch("dot", a, b,
                           "a's last axis (" + std::to_string(a.shape()[a.ndim() - 1]) +
                               ") differs from b's first (" + std::to_string(b.shape()[0]) + ")");
        }
        if (a.ndim() <= 2) {
            return matmul(a, b);
        }
        // (..., k) . (k[, n]): a as a (P, k) matrix.
        const Shape lead = sub_shape(a.shape(), 0, a.ndim() - 1);
        const std::int64_t k = a.shape()[a.ndim() - 1];
        NDArray result = matmul(a.reshape(Shape{product(lead), k}), b);
        Shape shape = lead;
        if (b.ndim() == 2) {
            shape.push_back(b.shape()[1]);
        }
        return result.reshape(shape);
    }
    // (..., k) . (B..., k, n): b's batch axes go after a's leading ones.
    const std::int64_t k = a.shape()[a.ndim() - 1];
    const std::int64_t k_b = b.shape()[b.ndim() - 2];
    if (k != k_b) {
        throw_mismatch("dot", a, b,
                       "a's last axis (" + std::to_string(k) +
                           ") differs from b's second-to-last (" + std::to_string(k_b) + ")");
    }
    const Shape lead = sub_shape(a.shape(), 0, a.ndim() - 1);
    const Shape b_batch = sub_shape(b.shape(), 0, b.ndim() - 2);
    const std::int64_t n = b.shape()[b.ndim() - 1];
    std::vector<int> order;
    order.push_back(b.ndim() - 2);
    for (int i = 0; i < b.ndim() - 2; ++i) {
        order.push_back(i);
    }
    order.push_back(b.ndim() - 1);
    const NDArray b_matrix = b.transpose(order).reshape(Shape{k, product(b_batch) * n});
    NDArray result = matmul(a.reshape(Shape{product(lead), k}), b_matrix);
    Shape shape = lead;
    for (std::int64_t e : b_batch) {
        shape.push_back(e);
    }
    shape.push_back(n);
    return result.reshape(shape);
}

NDArray vdot(const NDArray& a, const NDArray& b) {
    check_devices(a, b, "vdot");
    if (a.size() != b.size()) {
        throw ShapeError("vdot: a has " + std::to_string(a.size()) + " elements (shape " +
                         a.shape().to_string() + ") and b " + std::to_string(b.size()) +
                         " (shape " + b.shape().to_string() + "); they must have as many");
    }
    return matmul(a.reshape(flat(a.size())), b.reshape(flat(b.size())));
}

NDArray inner(const NDArray& a, const NDArray& b) {
    check_devices(a, b, "inner");
    if (a.ndim() == 0 || b.ndim() == 0) {
        return multiply(a, b);
    }
    const std::int64_t k = a.shape()[a.ndim() - 1];
    const std::int64_t k_b = b.shape()[b.ndim() - 1];
    if (k != k_b) {
        throw_mismatch("inner", a, b,
                       "their last axes differ (" + std::to_string(k) + " and " +
                           std::to_string(k_b) + ")");
    }
    if (a.ndim() == 1 && b.ndim() == 1) {
        return matmul(a, b);
    }
    const Shape lead_a = sub_shape(a.shape(), 0, a.ndim() - 1);
    const Shape lead_b = sub_shape(b.shape(), 0, b.ndim() - 1);
    // (P, k) @ (Q, k)^T: the transpose is a BLAS flag, not a copy.
    NDArray result = matmul(a.reshape(Shape{product(lead_a), k}),
                            b.reshape(Shape{product(lead_b), k}).transpose());
    Shape shape = lead_a;
    for (std::int64_t e : lead_b) {
        shape.push_back(e);
    }
    return result.reshape(shape);
}

NDArray outer(const NDArray& a, const NDArray& b) {
    check_devices(a, b, "outer");
    const NDArray column = a.reshape(Shape{a.size(), std::int64_t{1}});
    const NDArray row = b.reshape(Shape{std::int64_t{1}, b.size()});
    return multiply(column, row);
}

} // namespace gpucc
