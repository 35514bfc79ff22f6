// RUN: %gpucc --verify %s
// Barriers that not every thread of the block reaches (CUDA defines them in uniform control flow
// only): syncthreads there is an error, syncwarp a warning, each with a note at the condition that
// depends on the thread. Barriers under conditions that are the same for the whole block stay legal.
kernel by_coordinate(float32[] x) {
    if (threadIdx.x < 16) { // expected-note {{this condition depends on the thread}}
        syncthreads(); // expected-error {{'syncthreads()' inside a branch or loop whose condition depends on the thread: not every thread of the block may reach it, which CUDA leaves undefined (the GPU may hang or give wrong results); move it out, or make the condition the same for every thread of the block}}
    }
}

kernel through_locals(float32[] x, int32 n) {
    int32 t = threadIdx.y;
    int32 pair = t / 2;
    if (pair > 3) syncthreads(); // expected-error {{'syncthreads()' inside}} expected-note {{this condition depends on the thread}}
    int32 flag = 0;
    if (laneid() == 0) flag = 1; // assigned under a thread-dependent condition
    while (flag == 1) { // expected-note {{this condition depends on the thread}}
        syncthreads(); // expected-error {{'syncthreads()' inside}}
        flag = 0;
    }
}

kernel grid_stride(float32[] x, int32 n) {
    for (int32 i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) { // expected-note {{this condition depends on the thread}}
        x[i] = 2.0f * x[i];
        syncthreads(); // expected-error {{'syncthreads()' inside}}
    }
}

kernel by_values(float32[] x, int32[] counts) {
    if (x[threadIdx.x] > 0.0f) { // expected-note {{this condition depends on the thread}}
        syncthreads(); // expected-error {{'syncthreads()' inside}}
    }
    float32 v = shfl_down_sync(0xffffffff, x[0], 1);
    do {
        syncthreads(); // expected-error {{'syncthreads()' inside}}
        v = v - 1.0f;
    } while (v > 0.0f); // expected-note {{this condition depends on the thread}}
    if (atomic_add(&counts[0], 1) == 0) { // expected-note {{this condition depends on the thread}}
        syncthreads(); // expected-error {{'syncthreads()' inside}}
    }
}

kernel warp_barrier(float32[] x) {
    if (threadIdx.x < 32) { // expected-note {{this condition depends on the thread}}
        syncwarp(); // expected-warning {{'syncwarp()' inside a branch or loop whose condition depends on the thread: every thread its mask names must reach it (CUDA's rule for __syncwarp); make the condition the same for the whole warp, or pass the mask of the threads that take it}}
    }
}

// Legal: the conditions are the same for every thread of the block.
kernel uniform(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    int32 t = threadIdx.x;
    buf[t] = t < n ? x[t] : 0.0f;
    syncthreads();
    for (int32 s = blockDim.x / 2; s > 0; s /= 2) {
        if (t < s) buf[t] += buf[t + s];
        syncthreads();
    }
    if (blockIdx.x > 0 && n > 4) syncthreads();
    if (buf[0] > 0.0f) syncthreads();
    int32 tiles = (n + 31) / 32;
    for (int32 k = 0; k < tiles; ++k) {
        syncthreads();
    }
    if (t == 0) out[blockIdx.x] = buf[0];
}
