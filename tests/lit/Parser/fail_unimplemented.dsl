// RUN: %gpucc --verify %s
// Every kind of language.md is parsed; what is not implemented yet (a fused function calling
// another fused function) is reported once, and the kernels around it are still checked.
// (Reductions, jit-style kernels and raw CUDA, sections 2 to 4: see ast_reduction.dsl,
// ast_kernel.dsl and ../RawCuda; the two kernels below and section 5's softplus and
// sum_of_products check cleanly.)
elementwise before(float32 x) -> (float32 y) { y = x; }

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

fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));
fuse sum_of_products(x, y) = sum(x * y, axis = -1);
fuse calls_fused(float32 x) = softplus(x) + 1; // expected-error {{calling the module's fused function 'softplus' from a fused function is not implemented yet}}

elementwise after(float32 x) -> (float32 y) { y = undefined_name; } // expected-error {{use of undeclared identifier 'undefined_name'}}
