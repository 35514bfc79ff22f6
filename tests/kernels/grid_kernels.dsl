// Jit-style kernels (language.md section 3) for grid_kernels_test.cpp: both programs of the
// language sketch, 2-D grids, grid()/gridsize(), every atomic (on arrays and on shared memory),
// static and dynamic shared arrays, every shuffle, syncwarp, early return, a tiled matmul, and
// ranked arrays (`T[:, :] x`) over views of any layout.
module gk;

kernel elementwise_copy<T>(T[] x, T[] y, uint32 size) {
    uint32 tid  = blockIdx.x * blockDim.x + threadIdx.x;
    uint32 ntid = gridDim.x * blockDim.x;
    for (uint32 i = tid; i < size; i += ntid) {
        y[i] = x[i];
    }
}

kernel block_sum(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    int32 t = threadIdx.x;
    int32 i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? x[i] : 0.0f;
    syncthreads();
    for (int32 s = blockDim.x / 2; s > 0; s /= 2) {
        if (t < s) buf[t] += buf[t + s];
        syncthreads();
    }
    if (t == 0) atomic_add(&out[0], buf[0]);
}

// y = a * x + y with grid(1) and gridsize(1), as cupyx.jit.
kernel saxpy<T: float32 | float64>(T a, T[] x, T[] y) {
    for (int64 i = grid(1); i < x.size; i += gridsize(1)) {
        y[i] = a * x[i] + y[i];
    }
}

// c = a + 2 b over rows x cols (C order) on a 2-D grid; threads past the edge return early.
kernel add2d<T: float32 | int32>(T[] a, T[] b, T[] c, int32 rows, int32 cols) {
    uint32 col = grid(2).x;
    uint32 row = grid(2).y;
    if (row >= rows || col >= cols) return;
    int64 k = row * cols + col;
    c[k] = a[k] + 2 * b[k];
}

// Each coordinate of a 3-D launch, written where the thread's linear position says.
kernel coordinates(int32[] out) {
    int64 bx = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    int64 tx = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int64 k = 8 * (bx * blockDim.x * blockDim.y * blockDim.z + tx);
    out[k] = threadIdx.x; out[k + 1] = threadIdx.y; out[k + 2] = threadIdx.z;
    out[k + 3] = blockIdx.x; out[k + 4] = blockIdx.y; out[k + 5] = blockIdx.z;
    out[k + 6] = laneid(); out[k + 7] = warpSize;
}

// Every atomic on global memory (these run on the CPU too, where blocks run in parallel).
// counters: add, sub, min, max, and, or, xor, exch winners, cas counter, exch slot.
kernel atomics32(int32[] x, int32[] counters, int32 n) {
    int32 i = grid(1);
    if (i >= n) return;
    int32 v = x[i];
    atomic_add(&counters[0], v);
    atomic_sub(&counters[1], v);
    atomic_min(&counters[2], v);
    atomic_max(&counters[3], v);
    atomic_and(&counters[4], v | 0x0ff0);
    atomic_or(&counters[5], v & 0x0ff0);
    atomic_xor(&counters[6], v);
    if (atomic_exch(&counters[9], 1) == 0) atomic_add(&counters[7], 1);
    int32 seen = counters[8];
    while (true) {
        int32 old = atomic_cas(&counters[8], seen, seen + 1);
        if (old == seen) break;
        seen = old;
    }
}

kernel atomics_wide(uint32[] u32, int64[] i64, uint64[] u64, float32[] f32, float64[] f64,
                    int32 n) {
    int32 i = grid(1);
    if (i >= n) return;
    atomic_add(&u32[0], 3u);
    atomic_max(&u32[1], uint32(i));
    atomic_sub(&i64[0], int64(i));
    atomic_min(&i64[1], int64(-i));
    atomic_add(&u64[0], uint64(i));
    atomic_or(&u64[1], uint64(1) << (i % 64));
    atomic_add(&f32[0], 0.5f);
    atomic_sub(&f32[1], 0.25f);
    atomic_add(&f64[0], float64(i));
    float64 old = atomic_exch(&f64[1], 2.0);
    float32 was = atomic_cas(&f32[2], 0.0f, 1.0f);
}

// A histogram in shared memory (atomics there), then merged into the global one.
kernel histogram(int32[] x, uint32[] bins, int32 n) {
    shared uint32 local_bins[16];
    int32 t = threadIdx.x;
    if (t < 16) local_bins[t] = 0;
    syncthreads();
    for (int32 i = grid(1); i < n; i += gridsize(1)) {
        atomic_add(&local_bins[x[i] & 15], 1u);
    }
    syncthreads();
    if (t < 16) atomic_add(&bins[t], local_bins[t]);
}

// block_sum over a block of any size, with dynamic shared memory of blockDim.x elements.
kernel block_sum_dynamic<T: float32 | float64>(T[] x, T[] out) {
    shared T buf[];
    uint32 t = threadIdx.x;
    uint32 i = grid(1);
    buf[t] = i < x.size ? x[i] : T(0);
    syncthreads();
    for (uint32 s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) buf[t] += buf[t + s];
        syncthreads();
    }
    if (t == 0) out[blockIdx.x] = buf[0];
}

// Each shuffle: out[4 i + k] for k = idx, up, down, xor; `width` 32 or smaller segments.
kernel shuffles<T: int32 | float64>(T[] x, T[] out, int32 width) {
    uint32 i = grid(1);
    T v = x[i];
    out[4 * i] = shfl_sync(0xffffffff, v, 3, width);
    out[4 * i + 1] = shfl_up_sync(0xffffffff, v, 2, width);
    out[4 * i + 2] = shfl_down_sync(0xffffffff, v, 5, width);
    out[4 * i + 3] = shfl_xor_sync(0xffffffff, v, 1, width);
}

// A warp's sum by shfl_down_sync, one atomic per warp; syncwarp between the steps.
kernel warp_sum(int32[] x, int64[] total, int32 n) {
    int32 i = grid(1);
    int64 v = i < n ? x[i] : 0;
    for (int32 d = warpSize / 2; d > 0; d /= 2) {
        v += shfl_down_sync(0xffffffff, v, d);
        syncwarp();
    }
    if (laneid() == 0) atomic_add(&total[0], v);
}

// The seed's exercise 2: C = A B for n x n float32 matrices, 16 x 16 tiles in shared memory.
kernel matmul_tiled(float32[] a, float32[] b, float32[] c, int32 n) {
    shared float32 ta[16 * 16];
    shared float32 tb[16 * 16];
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    int32 row = blockIdx.y * 16 + ty;
    int32 col = blockIdx.x * 16 + tx;
    float32 sum = 0.0f;
    for (int32 t = 0; t < n; t += 16) {
        ta[ty * 16 + tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
        tb[ty * 16 + tx] = col < n && t + ty < n ? b[(t + ty) * n + col] : 0.0f;
        syncthreads();
        for (int32 k = 0; k < 16; ++k) {
            sum += ta[ty * 16 + k] * tb[k * 16 + tx];
        }
        syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = sum;
}

// Ranked arrays (`T[:, :] x`): passed with their shape and strides as cupyx.jit does, so views
// of any layout (transposed, stepped, reversed, broadcast) work without a copy.
kernel add_views<T: float32 | float64 | int32>(T[:, :] a, T[:, :] b, T[:, :] out) {
    int64 i = grid(2).y;
    int64 j = grid(2).x;
    if (i < out.shape[0] && j < out.shape[-1]) {
        out[i, j] = a[i, j] + b[i, j];
    }
}

// A flat index on a ranked array is C-order, whatever the strides (CuPy's CArray).
kernel flatten<T>(T[:, :, :] x, T[] y) {
    for (int64 k = grid(1); k < x.size; k += gridsize(1)) {
        y[k] = x[k];
    }
}

kernel scale_vector<T: float32 | float64 | int64>(T[:] x, T factor) {
    for (int64 k = grid(1); k < x.shape[0]; k += gridsize(1)) {
        x[k] *= factor;
    }
}

kernel describe(float32[:, :, :] x, int64[] out) {
    if (grid(1) == 0) {
        out[0] = x.ndim;
        out[1] = x.shape[0];
        out[2] = x.shape[1];
        out[3] = x.shape[-1];
        out[4] = x.strides[0];
        out[5] = x.strides[1];
        out[6] = x.strides[-1];
        out[7] = x.size;
    }
}

kernel column_sums(float64[:, :] x, float64[:] sums) {
    int64 i = grid(2).y;
    int64 j = grid(2).x;
    if (i < x.shape[0] && j < x.shape[1]) {
        atomic_add(&sums[j], x[i, j]);
    }
}

// The tiled matmul again, on ranked arrays: c = a @ b for any layouts of a and b.
kernel matmul_tiled_views(float32[:, :] a, float32[:, :] b, float32[:, :] c) {
    shared float32 ta[16 * 16];
    shared float32 tb[16 * 16];
    int32 tx = threadIdx.x;
    int32 ty = threadIdx.y;
    int32 row = blockIdx.y * 16 + ty;
    int32 col = blockIdx.x * 16 + tx;
    int32 m = c.shape[0];
    int32 n = c.shape[1];
    int32 depth = a.shape[1];
    float32 sum = 0.0f;
    for (int32 t = 0; t < depth; t += 16) {
        ta[ty * 16 + tx] = row < m && t + tx < depth ? a[row, t + tx] : 0.0f;
        tb[ty * 16 + tx] = col < n && t + ty < depth ? b[t + ty, col] : 0.0f;
        syncthreads();
        for (int32 k = 0; k < 16; ++k) {
            sum += ta[ty * 16 + k] * tb[k * 16 + tx];
        }
        syncthreads();
    }
    if (row < m && col < n) c[row, col] = sum;
}

// Writes two corners of a matrix: on one of 2^31 elements or more the launcher takes the strided
// entry, whose addressing is 64-bit.
kernel poke_corners(int8[:, :] x, int8 first, int8 last) {
    if (grid(1) == 0) {
        x[0, 1] = first;
        x[x.shape[0] - 1, x.shape[1] - 1] = last;
    }
}
