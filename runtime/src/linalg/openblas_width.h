// OpenBLAS has one thread count for the whole process (openblas_set_num_threads), and matmul wants
// different ones for different products (gemm_cpu.cpp: one thread for small matrices, the pool's
// width for large ones). Two caller threads setting it at once could leave it at the other's value
// or change it under a product already running. A lease serialises the changes: it waits until no
// product holds the count another value, sets it where it differs, and products wanting the same
// count run together. Where OPENBLAS_NUM_THREADS or OMP_NUM_THREADS is set the count is the
// user's and a lease changes nothing. Private to the runtime.
#pragma once

namespace gpucc::linalg::detail {

/// True when the user chose OpenBLAS's thread count through its environment variables.
bool user_chose_openblas_threads();

/// Holds OpenBLAS's thread count at `wanted` for the lease's lifetime (see the top of this file).
class OpenblasWidthLease {
public:
    explicit OpenblasWidthLease(int wanted);
    ~OpenblasWidthLease();
    OpenblasWidthLease(const OpenblasWidthLease&) = delete;
    OpenblasWidthLease& operator=(const OpenblasWidthLease&) = delete;

private:
    bool held_ = false;
};

} // namespace gpucc::linalg::detail
