// Exact matmul for integers and bool (exact_matmul.h), written with the standard library's own
// kernels: the products a[..., i, p] * b[..., p, j] for a block of rows i come from one
// broadcasting multiply (a with a trailing axis, b with an axis before its rows), and the sum over
// p is the stdlib's sum reduction (any for bool: NumPy's or of ands). sum accumulates integers in
// int64 or uint64, and the conversion to the result dtype keeps the low bits, which is the
// wrap-around NumPy's loop gives. A block has as many rows as keep its products near 2^24
// elements (one row at least, so batch x k x n products where a single row has more); the
// arithmetic is O(m n k) either way, not a tuned GEMM.
#include "linalg/exact_matmul.h"

#include "gpucc/stdlib/reduction.h"
#include "gpucc/stdlib/ufunc.h"
#include "stdlib/conversion.h"

#include <algorithm>

namespace gpucc::linalg::detail {
namespace {

constexpr std::int64_t kMaxProducts = std::int64_t{1} << 24;

// x[..., start:stop, :] along `axis` (a view).
NDArray rows(const NDArray& x, int axis, std::int64_t start, std::int64_t stop) {
    Shape shape = x.shape();
    shape[axis] = stop - start;
    return NDArray(x.buffer(), x.dtype(), shape, x.strides(),
                   x.byte_offset() + start * x.strides()[axis]);
}

} // namespace

void exact_matmul(const NDArray& a, const NDArray& b, const NDArray& c) {
    if (c.size() == 0) {
        return;
    }
    const int nd = c.ndim();
    const std::int64_t m = c.shape()[nd - 2];
    const std::int64_t k = a.shape()[a.ndim() - 1];
    const std::int64_t per_row = std::max<std::int64_t>(c.size() / m * k, 1);
    const std::int64_t block = std::clamp<std::int64_t>(kMaxProducts / per_row, 1, m);
    const NDArray b_rows = b.expand_dims(b.ndim() - 2); // (..., 1, k, n)
    for (std::int64_t start = 0; start < m; start += block) {
        const std::int64_t stop = std::min(m, start + block);
        const NDArray a_block =
            rows(a, a.ndim() - 2, start, stop).expand_dims(a.ndim()); // (..,r,k,1)
        const NDArray c_block = rows(c, nd - 2, start, stop);
        const NDArray products = multiply(a_block, b_rows); // (batch..., r, k, n)
        if (c.dtype() == DType::Bool) {
            any(products, c_block, products.ndim() - 2);
        } else {
            stdlib::convert_into(sum(products, products.ndim() - 2), c_block);
        }
    }
}

} // namespace gpucc::linalg::detail
