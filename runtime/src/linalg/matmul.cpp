// matmul (linalg/matmul.h): checks the operands, works out NumPy's shapes, converts the operands
// to the result dtype, and hands floats to a BLAS as batched GEMMs (gemm.h) and integers and bool
// to the exact path (exact_matmul.cpp). The layout work is here: each operand's matrices are
// described as row- or column-major with a leading dimension when their strides allow it
// (transposed and sliced views included) and copied C-contiguous only otherwise; the batch axes
// keep their strides (0 where broadcast) and are merged where the three arrays allow, so that one
// strided-batched call covers as much of the batch as possible and the rest is a loop. On the GPU
// a single small product goes to the library's own kernel instead (matmul_route.h, small_gemm.h):
// no BLAS layout, plan, handle or workspace is looked at on that path, so its host time is one
// launch's; two matrices of one dtype take it before the general shape work
// (small_route_applies).
#include "gpucc/linalg/matmul.h"

#include "gpucc/errors.h"
#include "gpucc/linalg/compute_type.h"
#include "gpucc/stdlib/creation.h"
#include "linalg/exact_matmul.h"
#include "linalg/gemm.h"
#include "linalg/matmul_route.h"
#include "linalg/matmul_shapes.h"
#include "linalg/small_gemm.h"
#include "stdlib/conversion.h"

#include <optional>
#include <string>
#include <vector>

namespace gpucc {
namespace {

using linalg::detail::Gemm;
using linalg::detail::GemmMatrix;
using linalg::detail::MatmulShapes;

// A matrix's place in memory as BLAS reads it: ld in elements, transposed when column major.
struct MatrixLayout {
    std::int64_t ld;
    bool transposed;
};

// The BLAS layout of the matrices in the last two axes of `x`, if one fits.
std::optional<MatrixLayout> blas_layout(const NDArray& x) {
    const int nd = x.ndim();
    const std::int64_t rows = x.shape()[nd - 2];
    const std::int64_t cols = x.shape()[nd - 1];
    const std::int64_t row_stride = x.strides()[nd - 2];
    const std::int64_t col_stride = x.strides()[nd - 1];
    const auto item = static_cast<std::int64_t>(x.itemsize());
    for (int b = 0; b < nd - 2; ++b) {
        if (x.strides()[b] % item != 0) {
            return std::nullopt;
        }
    }
    const auto fits = [item](std::int64_t inner_extent, std::int64_t inner_stride,
                             std::int64_t outer_extent,
                             std::int64_t outer_stride) -> std::optional<std::int64_t> {
        if (inner_extent > 1 && inner_stride != item) {
            return std::nullopt;
        }
        const std::int64_t min_ld = std::max<std::int64_t>(inner_extent, 1);
        if (outer_extent <= 1) {
            return min_ld;
        }
        if (outer_stride <= 0 || outer_stride % item != 0 || outer_stride / item < min_ld) {
            return std::nullopt;
        }
        return outer_stride / item;
    };
    if (auto ld = fits(cols, col_stride, rows, row_stride)) {
        return MatrixLayout{*ld, false};
    }
    if (auto ld = fits(rows, row_stride, cols, col_stride)) {
        return MatrixLayout{*ld, true};
    }
    return std::nullopt;
}

// The operand converted to `dtype` and, when no BLAS layout fits, copied C-contiguous.
NDArray blas_operand(const NDArray& x, DType dtype, MatrixLayout& layout) {
    NDArray converted = x.dtype() == dtype ? x : x.astype(dtype);
    if (auto found = blas_layout(converted)) {
        layout = *found;
        return converted;
    }
    NDArray copy = ascontiguousarray(converted);
    layout = *blas_layout(copy);
    return copy;
}

// One batch axis after broadcasting: its extent and each array's byte stride (0 if broadcast).
struct BatchAxis {
    std::int64_t extent;
    std::int64_t stride[3]; // a, b, c
};

std::int64_t batch_stride(const NDArray& x, int batch_ndim, int axis) {
    const int own = x.ndim() - 2 - (batch_ndim - axis);
    if (own < 0 || x.shape()[own] == 1) {
        return 0;
    }
    return x.strides()[own];
}

// The batch axes of the three arrays, extent-1 axes dropped and neighbours merged where every
// array steps through them as through one axis.
std::vector<BatchAxis> merged_batch(const Shape& batch, const NDArray& a, const NDArray& b,
                                    const NDArray& c) {
    std::vector<BatchAxis> axes;
    for (int i = 0; i < batch.ndim(); ++i) {
        if (batch[i] == 1) {
            continue;
        }
        BatchAxis axis{batch[i],
                       {batch_stride(a, batch.ndim(), i), batch_stride(b, batch.ndim(), i),
                        batch_stride(c, batch.ndim(), i)}};
        if (!axes.empty()) {
            BatchAxis& outer = axes.back();
            bool mergeable = true;
            for (int j = 0; j < 3; ++j) {
                mergeable = mergeable && outer.stride[j] == axis.stride[j] * axis.extent;
            }
            if (mergeable) {
                outer.extent *= axis.extent;
                outer.stride[0] = axis.stride[0];
                outer.stride[1] = axis.stride[1];
                outer.stride[2] = axis.stride[2];
                continue;
            }
        }
        axes.push_back(axis);
    }
    return axes;
}

void run_gemm(const Gemm& gemm, Device device) {
    if (device.is_cpu()) {
        linalg::detail::run_gemm_cpu(gemm);
    } else {
        linalg::detail::run_gemm_cuda(gemm, device, current_stream(device));
    }
}

// c = a @ b for floating a, b of `compute` dtype (C row-major in each matrix: the caller makes
// sure), one strided-batched GEMM per position of the batch axes not merged into the last one.
void gemm_into(const NDArray& a_in, const NDArray& b_in, const NDArray& c, const Shape& batch,
               DType compute) {
    MatrixLayout layout_a{};
    MatrixLayout layout_b{};
    const NDArray a = blas_operand(a_in, compute, layout_a);
    const NDArray b = blas_operand(b_in, compute, layout_b);
    const int nd = c.ndim();
    const auto item = static_cast<std::int64_t>(c.itemsize());
    Gemm gemm;
    gemm.dtype = compute;
    gemm.m = c.shape()[nd - 2];
    gemm.n = c.shape()[nd - 1];
    gemm.k = a.shape()[a.ndim() - 1];
    if (c.size() == 0) {
        return;
    }
    if (gemm.k == 0) {
        stdlib::convert_into(zeros(c.shape(), c.dtype(), c.device()), c);
        return;
    }
    gemm.a = GemmMatrix{static_cast<char*>(a.data()), layout_a.ld, layout_a.transposed, 0};
    gemm.b = GemmMatrix{static_cast<char*>(b.data()), layout_b.ld, layout_b.transposed, 0};
    gemm.c = GemmMatrix{
        static_cast<char*>(c.data()),
        gemm.m <= 1 ? std::max<std::int64_t>(gemm.n, 1) : c.strides()[nd - 2] / item, false, 0};
    std::vector<BatchAxis> axes = merged_batch(batch, a, b, c);
    if (!axes.empty()) {
        const BatchAxis& last = axes.back();
        gemm.batch = last.extent;
        gemm.a.batch_stride = last.stride[0] / item;
        gemm.b.batch_stride = last.stride[1] / item;
        gemm.c.batch_stride = last.stride[2] / item;
        axes.pop_back();
    }
    // An odometer over the remaining batch axes.
    std::vector<std::int64_t> position(axes.size(), 0);
    char* const base[3] = {gemm.a.data, gemm.b.data, gemm.c.data};
    while (true) {
        std::int64_t offset[3] = {0, 0, 0};
        for (std::size_t i = 0; i < axes.size(); ++i) {
            for (int j = 0; j < 3; ++j) {
                offset[j] += position[i] * axes[i].stride[j];
            }
        }
        gemm.a.data = base[0] + offset[0];
        gemm.b.data = base[1] + offset[1];
        gemm.c.data = base[2] + offset[2];
        run_gemm(gemm, c.device());
        std::size_t i = axes.size();
        while (i > 0 && ++position[i - 1] == axes[i - 1].extent) {
            position[i - 1] = 0;
            --i;
        }
        if (i == 0) {
            break;
        }
    }
}

// True when `c` can take GEMM results directly: C row-major matrices, element-aligned batches.
bool writable_by_blas(const NDArray& c) {
    const int nd = c.ndim();
    const auto item = static_cast<std::int64_t>(c.itemsize());
    const std::int64_t m = c.shape()[nd - 2];
    const std::int64_t n = c.shape()[nd - 1];
    if (n > 1 && c.strides()[nd - 1] != item) {
        return false;
    }
    if (m > 1 && (c.strides()[nd - 2] <= 0 || c.strides()[nd - 2] % item != 0 ||
                  c.strides()[nd - 2] / item < std::max<std::int64_t>(n, 1))) {
        return false;
    }
    for (int i = 0; i < nd - 2; ++i) {
        if (c.strides()[i] % item != 0) {
            return false;
        }
    }
    return true;
}

// `x` without its leading axes (all of extent 1 here), a 2-d view.
NDArray last_two_axes(NDArray x) {
    while (x.ndim() > 2) {
        x = x.squeeze(0);
    }
    return x;
}

// Runs a @ b on the library's small-product kernel and returns true when matmul_route.h sends
// the product there: a GPU, one matrix (every batch extent 1), a floating dtype, float32 not
// as TF32, and the extents within the crossover unless a test forces the kernel.
bool ran_small_gemm(const NDArray& a2, const NDArray& b2, const NDArray& c_full,
                    const MatmulShapes& shapes) {
    for (int i = 0; i < shapes.batch.ndim(); ++i) {
        if (shapes.batch[i] != 1) {
            return false;
        }
    }
    const DType dtype = c_full.dtype();
    const int nd = c_full.ndim();
    const std::int64_t m = c_full.shape()[nd - 2];
    const std::int64_t n = c_full.shape()[nd - 1];
    const std::int64_t k = a2.shape()[a2.ndim() - 1];
    if (!linalg::detail::small_gemm_route(dtype, c_full.device(), m, n, k)) {
        return false;
    }
    linalg::detail::small_gemm(last_two_axes(a2.dtype() == dtype ? a2 : a2.astype(dtype)),
                               last_two_axes(b2.dtype() == dtype ? b2 : b2.astype(dtype)),
                               last_two_axes(c_full));
    return true;
}

// The small-product route's common case taken before any of the general path's shape work: two
// matrices of one dtype on one device that the route sends to the kernel (small_gemm_route). Any
// other call, a bad one included, returns false and takes the general path, which checks it.
bool small_route_applies(const NDArray& a, const NDArray& b) {
    return a.ndim() == 2 && b.ndim() == 2 && a.dtype() == b.dtype() && a.device() == b.device() &&
           a.shape()[1] == b.shape()[0] &&
           linalg::detail::small_gemm_route(a.dtype(), a.device(), a.shape()[0], b.shape()[1],
                                            a.shape()[1]);
}

// Computes a @ b into `c_full` (the result with 1-d operands' axes kept, of the result dtype).
void matmul_into(const NDArray& a2, const NDArray& b2, const NDArray& c_full,
                 const MatmulShapes& shapes) {
    const DType dtype = c_full.dtype();
    if (!is_floating(dtype)) {
        linalg::detail::exact_matmul(a2.dtype() == dtype ? a2 : a2.astype(dtype),
                                     b2.dtype() == dtype ? b2 : b2.astype(dtype), c_full);
        return;
    }
    if (ran_small_gemm(a2, b2, c_full, shapes)) {
        return;
    }
    // The CPU BLAS has no half-precision GEMM: float16 and bfloat16 compute in float32.
    const bool through_float32 =
        c_full.device().is_cpu() && (dtype == DType::Float16 || dtype == DType::BFloat16);
    const DType compute = through_float32 ? DType::Float32 : dtype;
    if (compute == dtype && writable_by_blas(c_full)) {
        gemm_into(a2, b2, c_full, shapes.batch, compute);
        return;
    }
    const NDArray staged = empty(c_full.shape(), compute, c_full.device());
    gemm_into(a2, b2, staged, shapes.batch, compute);
    stdlib::convert_into(staged, c_full);
}

} // namespace

NDArray matmul(const NDArray& a, const NDArray& b) {
    if (small_route_applies(a, b)) {
        NDArray c = empty(Shape{a.shape()[0], b.shape()[1]}, a.dtype(), a.device());
        linalg::detail::small_gemm(a, b, c);
        return c;
    }
    const MatmulShapes shapes = linalg::detail::matmul_shapes(a, b, "matmul");
    const NDArray c_full = empty(shapes.full, shapes.dtype, a.device());
    matmul_into(shapes.a2, shapes.b2, c_full, shapes);
    return linalg::detail::drop_added_axes(c_full, shapes);
}

void matmul(const NDArray& a, const NDArray& b, const NDArray& out) {
    if (small_route_applies(a, b) && out.ndim() == 2 && out.dtype() == a.dtype() &&
        out.device() == a.device() && out.shape()[0] == a.shape()[0] &&
        out.shape()[1] == b.shape()[1] && !linalg::detail::may_overlap(out, a) &&
        !linalg::detail::may_overlap(out, b)) {
        linalg::detail::small_gemm(a, b, out);
        return;
    }
    const MatmulShapes shapes = linalg::detail::matmul_shapes(a, b, "matmul");
    linalg::detail::check_out(out, a, b, shapes, "matmul");
    matmul_into(shapes.a2, shapes.b2, linalg::detail::with_added_axes(out, shapes), shapes);
}

NDArray NDArray::matmul(const NDArray& b) const {
    return gpucc::matmul(*this, b);
}

NDArray matrix_transpose(const NDArray& a) {
    if (a.ndim() < 2) {
        throw ValueError("matrix_transpose: argument a has " + std::to_string(a.ndim()) +
                         " dimension(s) (shape " + a.shape().to_string() +
                         "); a matrix or a stack of matrices needs at least 2");
    }
    return a.swapaxes(a.ndim() - 2, a.ndim() - 1);
}

} // namespace gpucc
