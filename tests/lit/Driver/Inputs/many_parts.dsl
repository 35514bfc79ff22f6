// Input of parallel_identical.test: more instances than one part holds (compiler/target/
// KernelParts.h), of every kind, with libdevice math (linked into each part that calls it), a
// kernel whose instances fall in two parts, shared memory and raw CUDA.
module many_parts;

elementwise axpb<T>(T a, T x, T b) -> (T y) { y = a * x + b; }
elementwise wave<T: float32 | float64>(T x) -> (T s, T c) {
    s = sin(x) * exp(-x);
    c = cos(x) + log1p(abs(x));
}
reduction sum_sq<T: float32 | float64 | int64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = a;
}
kernel block_sum(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    int32 t = threadIdx.x;
    buf[t] = grid(1) < n ? x[grid(1)] : 0.0f;
    syncthreads();
    if (t == 0) atomic_add(&out[0], buf[0]);
}
kernel transpose_copy<T: float32 | float64>(T[:, :] x, T[:, :] y) {
    y[grid(2).y, grid(2).x] = x[grid(2).x, grid(2).y];
}
raw cuda """
extern "C" __global__ void raw_scale(float* x, float a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
""";
