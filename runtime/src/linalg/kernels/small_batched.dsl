// Stacks of small matrices, one matrix per thread (runtime/src/linalg/small_batched.cpp launches
// these for solve, inv and cholesky of n <= small_batched.h's limits). A stack of 10000 8x8
// matrices is one launch that reads the operands where they are (any strides, broadcast batches
// included), with no column-major copy, no pointer array and no triangle-masking pass after it:
// the library routes (cuBLAS getrfBatched + getrsBatched, cuSOLVER potrfBatched) need all three.
// The CPU target runs the same kernels (blocks in parallel on the host pool).
//
// Each thread factors its matrix in `work`, a scratch array the host allocates with batch * (n *
// n + n * k) elements, interleaved across the stack: element e of matrix m is work[e * batch + m],
// so a warp's 32 threads touch 32 consecutive elements (coalesced) at every step and the
// factorization stays in the L1/L2 caches. The language has no per-thread arrays; this layout is
// the reason a global scratch array costs little.
//
// Failures are LAPACK's: info[m] = j + 1 for the first zero pivot U[j, j] of the LU (getrf: the
// factorization continues, the solution then holds infinities or NaN), or for the first leading
// minor of order j + 1 that is not positive (potrf: stops there, NaN counts as not positive).
// Every thread writes its info (0 when it succeeded).
module gpucc_linalg;

// x = a^-1 b for each matrix of a (batch, n, n) and b (batch, n, k): LU with partial pivoting
// (the largest magnitude in the column, the first of equal ones, as LAPACK's getf2), the row swaps
// applied to b as they happen, then forward elimination on b during the factorization and back
// substitution. x is C-contiguous (batch, n, k).
kernel lu_solve_small<T: float32 | float64>(T[:, :, :] a, T[:, :, :] b, T[] work, T[] x,
                                            int32[] info, int64 n, int64 k) {
    int64 batch = a.shape[0];
    int64 m = (int64)grid(1);
    if (m >= batch) {
        return;
    }
    int64 rhs = n * n; // first element of b's block in a matrix's work
    for (int64 r = 0; r < n; r++) {
        for (int64 c = 0; c < n; c++) {
            work[(r * n + c) * batch + m] = a[m, r, c];
        }
        for (int64 c = 0; c < k; c++) {
            work[(rhs + r * k + c) * batch + m] = b[m, r, c];
        }
    }
    int32 failed = 0;
    for (int64 j = 0; j < n; j++) {
        int64 pivot = j;
        T largest = abs(work[(j * n + j) * batch + m]);
        for (int64 r = j + 1; r < n; r++) {
            T candidate = abs(work[(r * n + j) * batch + m]);
            if (candidate > largest) {
                largest = candidate;
                pivot = r;
            }
        }
        if (largest == T(0)) {
            if (failed == 0) {
                failed = (int32)(j + 1);
            }
            continue;
        }
        if (pivot != j) {
            for (int64 c = 0; c < n; c++) {
                T held = work[(j * n + c) * batch + m];
                work[(j * n + c) * batch + m] = work[(pivot * n + c) * batch + m];
                work[(pivot * n + c) * batch + m] = held;
            }
            for (int64 c = 0; c < k; c++) {
                T held = work[(rhs + j * k + c) * batch + m];
                work[(rhs + j * k + c) * batch + m] = work[(rhs + pivot * k + c) * batch + m];
                work[(rhs + pivot * k + c) * batch + m] = held;
            }
        }
        T diagonal = work[(j * n + j) * batch + m];
        for (int64 r = j + 1; r < n; r++) {
            T multiplier = work[(r * n + j) * batch + m] / diagonal;
            work[(r * n + j) * batch + m] = multiplier;
            for (int64 c = j + 1; c < n; c++) {
                work[(r * n + c) * batch + m] -= multiplier * work[(j * n + c) * batch + m];
            }
            for (int64 c = 0; c < k; c++) {
                work[(rhs + r * k + c) * batch + m] -=
                    multiplier * work[(rhs + j * k + c) * batch + m];
            }
        }
    }
    info[m] = failed;
    for (int64 r = n - 1; r >= 0; r--) {
        T diagonal = work[(r * n + r) * batch + m];
        for (int64 c = 0; c < k; c++) {
            T sum = work[(rhs + r * k + c) * batch + m];
            for (int64 t = r + 1; t < n; t++) {
                sum -= work[(r * n + t) * batch + m] * work[(rhs + t * k + c) * batch + m];
            }
            work[(rhs + r * k + c) * batch + m] = sum / diagonal;
        }
    }
    for (int64 r = 0; r < n; r++) {
        for (int64 c = 0; c < k; c++) {
            x[(m * n + r) * k + c] = work[(rhs + r * k + c) * batch + m];
        }
    }
}

// The Cholesky factor of each matrix of a (batch, n, n), reading one triangle only: with upper
// == 0 a's lower triangle, giving L (lower, L L^T = a); otherwise a's upper triangle, giving U
// (upper, U^T U = a), which is the L of a^T transposed. Column by column (left-looking: column j
// of L from the columns before it). l is C-contiguous (batch, n, n) with zeros in the other
// triangle. A failing matrix's l holds the columns done before the failure, a's entries after.
kernel cholesky_small<T: float32 | float64>(T[:, :, :] a, T[] work, T[] l, int32[] info, int64 n,
                                            int32 upper) {
    int64 batch = a.shape[0];
    int64 m = (int64)grid(1);
    if (m >= batch) {
        return;
    }
    // work holds the lower triangle of the matrix being factored, row-major in n x n.
    for (int64 r = 0; r < n; r++) {
        for (int64 c = 0; c <= r; c++) {
            work[(r * n + c) * batch + m] = upper != 0 ? a[m, c, r] : a[m, r, c];
        }
    }
    int32 failed = 0;
    for (int64 j = 0; j < n; j++) {
        T diagonal = work[(j * n + j) * batch + m];
        for (int64 t = 0; t < j; t++) {
            T entry = work[(j * n + t) * batch + m];
            diagonal -= entry * entry;
        }
        if (!(diagonal > T(0))) {
            failed = (int32)(j + 1);
            break;
        }
        diagonal = sqrt(diagonal);
        work[(j * n + j) * batch + m] = diagonal;
        for (int64 r = j + 1; r < n; r++) {
            T sum = work[(r * n + j) * batch + m];
            for (int64 t = 0; t < j; t++) {
                sum -= work[(r * n + t) * batch + m] * work[(j * n + t) * batch + m];
            }
            work[(r * n + j) * batch + m] = sum / diagonal;
        }
    }
    info[m] = failed;
    for (int64 r = 0; r < n; r++) {
        for (int64 c = 0; c < n; c++) {
            T value = c <= r ? work[(r * n + c) * batch + m] : T(0);
            if (upper != 0) {
                l[(m * n + c) * n + r] = value;
            } else {
                l[(m * n + r) * n + c] = value;
            }
        }
    }
}
