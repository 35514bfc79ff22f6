// Kernels for image_groups_test.cpp and the lit test Driver/image_groups.test: 20 kernels of
// every kind, 40 instances, compiled with --image-group-size=16 into three device images
// (compiler/target/KernelParts.h): instances 0-15 (e0-e7) in the first, 16-31 (e8, e9, the
// reductions and g0) in the second, 32-39 (g1-g4) and the raw CUDA kernel in the third. Each
// kernel adds its own number, so a result tells which kernel ran.
module imgs;

elementwise e0<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 1; }
elementwise e1<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 2; }
elementwise e2<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 3; }
elementwise e3<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 4; }
elementwise e4<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 5; }
elementwise e5<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 6; }
elementwise e6<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 7; }
elementwise e7<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 8; }
elementwise e8<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 9; }
elementwise e9<T: float32 | float64>(T x, T y) -> (T z) { z = x * y + 10; }

reduction r0<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * 2;
    reduce:   a + b;
    post:     y = a;
}
reduction r1<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * 3;
    reduce:   a + b;
    post:     y = a;
}
reduction r2<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * 4;
    reduce:   a + b;
    post:     y = a;
}
reduction r3<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * 5;
    reduce:   a + b;
    post:     y = a;
}
reduction r4<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * 6;
    reduce:   a + b;
    post:     y = a;
}

kernel g0<T: float32 | float64>(T[] x, T[] y) {
    for (int64 i = grid(1); i < x.size; i += gridsize(1)) {
        y[i] = x[i] - 1;
    }
}
kernel g1<T: float32 | float64>(T[] x, T[] y) {
    for (int64 i = grid(1); i < x.size; i += gridsize(1)) {
        y[i] = x[i] - 2;
    }
}
kernel g2<T: float32 | float64>(T[] x, T[] y) {
    for (int64 i = grid(1); i < x.size; i += gridsize(1)) {
        y[i] = x[i] - 3;
    }
}
kernel g3<T: float32 | float64>(T[] x, T[] y) {
    for (int64 i = grid(1); i < x.size; i += gridsize(1)) {
        y[i] = x[i] - 4;
    }
}
kernel g4<T: float32 | float64>(T[] x, T[] y) {
    for (int64 i = grid(1); i < x.size; i += gridsize(1)) {
        y[i] = x[i] - 5;
    }
}

raw cuda """
__device__ float raw_offset;
extern "C" __global__ void raw_shift(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += raw_offset;
}
""";
