// The shared pieces of the numpy.linalg front ends (solver_common.h) and the thread's
// LinalgErrors setting (gpucc/linalg/decompositions.h).
#include "linalg/solver_common.h"

#include "gpucc/array/slice.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/ufunc.h"

#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace gpucc::linalg {
namespace {
thread_local LinalgErrors thread_errors = LinalgErrors::Raise;
} // namespace

LinalgErrors linalg_errors() {
    return thread_errors;
}

LinalgErrorGuard::LinalgErrorGuard(LinalgErrors mode) : previous_(thread_errors) {
    thread_errors = mode;
}

LinalgErrorGuard::~LinalgErrorGuard() {
    thread_errors = previous_;
}

namespace detail {

DType compute_dtype(DType input) {
    switch (input) {
    case DType::Float32:
    case DType::Float16:
    case DType::BFloat16:
        return DType::Float32;
    default:
        return DType::Float64;
    }
}

DType compute_dtype(DType a, DType b) {
    return compute_dtype(a) == DType::Float32 && compute_dtype(b) == DType::Float32
               ? DType::Float32
               : DType::Float64;
}

double epsilon(DType compute) {
    return compute == DType::Float32 ? std::numeric_limits<float>::epsilon()
                                     : std::numeric_limits<double>::epsilon();
}

void require_stack(const NDArray& a, const char* routine, const char* argument) {
    if (a.ndim() < 2) {
        throw LinAlgError(std::string(routine) + ": " + argument + " has shape " +
                              a.shape().to_string() + ", " + std::to_string(a.ndim()) +
                              "-dimensional; it must be at least two-dimensional (a matrix or a "
                              "stack of matrices in the last two axes)",
                          routine, -1);
    }
}

void require_square(const NDArray& a, const char* routine, const char* argument) {
    require_stack(a, routine, argument);
    const int nd = a.ndim();
    if (a.shape()[nd - 1] != a.shape()[nd - 2]) {
        throw LinAlgError(std::string(routine) + ": " + argument + " has shape " +
                              a.shape().to_string() +
                              "; the last 2 dimensions of the array must be square",
                          routine, -1);
    }
}

Shape batch_shape(const NDArray& a) {
    Shape batch;
    for (int i = 0; i + 2 < a.ndim(); ++i) {
        batch.push_back(a.shape()[i]);
    }
    return batch;
}

Shape with_matrix(const Shape& batch, std::int64_t rows, std::int64_t cols) {
    Shape shape = batch;
    shape.push_back(rows);
    shape.push_back(cols);
    return shape;
}

Shape with_vector(const Shape& batch, std::int64_t n) {
    Shape shape = batch;
    shape.push_back(n);
    return shape;
}

const SolverBackend& backend_for(Device device) {
    return device.is_cpu() ? lapack_cpu_backend() : cusolver_backend();
}

namespace {
ColumnMajorStack stack_of(NDArray memory, std::int64_t rows, std::int64_t cols) {
    ColumnMajorStack stack;
    stack.batch = batch_shape(memory).element_count();
    stack.rows = rows;
    stack.cols = cols;
    stack.stride = rows * cols;
    stack.memory = std::move(memory);
    return stack;
}
} // namespace

ColumnMajorStack column_major_copy(const NDArray& a, DType dtype) {
    const int nd = a.ndim();
    // astype writes a new C-contiguous array: of the swapped view, that is column-major a.
    NDArray memory = a.swapaxes(nd - 2, nd - 1).astype(dtype);
    return stack_of(std::move(memory), a.shape()[nd - 2], a.shape()[nd - 1]);
}

ColumnMajorStack transposed_copy(const NDArray& a, DType dtype) {
    const int nd = a.ndim();
    NDArray memory = a.astype(dtype);
    return stack_of(std::move(memory), a.shape()[nd - 1], a.shape()[nd - 2]);
}

ColumnMajorStack new_stack(const Shape& batch, std::int64_t rows, std::int64_t cols, DType dtype,
                           Device device, bool zero) {
    const Shape shape = with_matrix(batch, cols, rows);
    NDArray memory = zero ? zeros(shape, dtype, device) : empty(shape, dtype, device);
    return stack_of(std::move(memory), rows, cols);
}

NDArray as_matrices(const ColumnMajorStack& stack) {
    const int nd = stack.memory.ndim();
    return stack.memory.swapaxes(nd - 2, nd - 1);
}

NDArray new_info(std::int64_t batch, Device device) {
    return zeros(Shape{batch}, DType::Int32, device);
}

namespace {
std::string batch_position(std::int64_t flat, const Shape& batch) {
    if (batch.ndim() == 0) {
        return "";
    }
    std::vector<std::int64_t> index(static_cast<std::size_t>(batch.ndim()));
    std::int64_t rest = flat;
    for (int i = batch.ndim() - 1; i >= 0; --i) {
        index[static_cast<std::size_t>(i)] = batch[i] == 0 ? 0 : rest % batch[i];
        rest = batch[i] == 0 ? 0 : rest / batch[i];
    }
    std::string text = " (matrix " + std::to_string(flat) + " of the stack, at index [";
    for (std::size_t i = 0; i < index.size(); ++i) {
        text += (i == 0 ? "" : ", ") + std::to_string(index[i]);
    }
    return text + "] of the batch axes " + batch.to_string() + ")";
}
} // namespace

void check_info(const NDArray& info, const Shape& batch, const char* routine, Failure failure) {
    if (linalg_errors() == LinalgErrors::Ignore || info.size() == 0) {
        return;
    }
    std::vector<int> values(static_cast<std::size_t>(info.size()));
    info.copy_to_host(values.data());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const int value = values[i];
        if (value == 0) {
            continue;
        }
        const auto flat = static_cast<std::int64_t>(i);
        if (value < 0) {
            throw Error(std::string(routine) +
                        ": internal error: the solver rejected its argument " +
                        std::to_string(-value) + batch_position(flat, batch));
        }
        std::string what;
        switch (failure) {
        case Failure::Singular:
            what = "Singular matrix: U[" + std::to_string(value - 1) + ", " +
                   std::to_string(value - 1) + "] of its LU factorization is exactly zero";
            break;
        case Failure::NotPositiveDefinite:
            what = "Matrix is not positive definite: its leading minor of order " +
                   std::to_string(value) + " is not positive";
            break;
        case Failure::SvdNoConvergence:
            what = "SVD did not converge (" + std::to_string(value) +
                   " superdiagonals did not converge to zero)";
            break;
        case Failure::EigNoConvergence:
            what = "Eigenvalues did not converge (info " + std::to_string(value) + ")";
            break;
        }
        throw LinAlgError(std::string(routine) + ": " + what + batch_position(flat, batch), routine,
                          flat);
    }
}

NDArray keep_triangle(const NDArray& x, bool lower) {
    const int nd = x.ndim();
    const std::int64_t rows = x.shape()[nd - 2];
    const std::int64_t cols = x.shape()[nd - 1];
    // The mask from two aranges on the array's device: no host-made matrix to upload.
    const NDArray i = arange(0, rows, 1, DType::Int64, x.device()).reshape(Shape{rows, 1});
    const NDArray j = arange(0, cols, 1, DType::Int64, x.device()).reshape(Shape{1, cols});
    const NDArray keep = lower ? less_equal(j, i) : greater_equal(j, i);
    return where(keep, x, zeros(Shape{}, x.dtype(), x.device()));
}

NDArray leading_rows(const NDArray& x, std::int64_t rows) {
    return x.index({ellipsis, Slice(0, rows), Slice()});
}

} // namespace detail
} // namespace gpucc::linalg
