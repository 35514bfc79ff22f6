// Tutorial 000, exercise 3: one kernel two ways. y[i] = 2 x[n - 1 - i] (x reversed and doubled):
// as an ElementwiseKernel, with the loop index `i` and the loop size `_ind.size()` the tutorial
// points at, and as a RawKernel in CUDA. Tutorial 002's my_add follows, as CuPy's cell writes it
// plus the bounds check its 512-thread block over 25 elements needs. Raw CUDA runs on the GPU only,
// so both raw kernels are written a second time as jit-style kernels (cupyx.jit.rawkernel's
// counterpart), which run on either device: the CPU runs those cells with them.
module seed3;

elementwise reverse_double<T: float32 | float64>(raw T x) -> (T y) {
    y = 2 * x[_ind.size() - i - 1];
}

raw cuda """
template <typename T>
__global__ void reverse_double_raw(const T* x, T* y, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = 2 * x[n - 1 - i];
}

extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
""" instantiate reverse_double_raw<float>, reverse_double_raw<double>;

kernel reverse_double_jit<T: float32 | float64>(T[] x, T[] y, int32 n) {
    int32 i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = 2 * x[n - 1 - i];
}

kernel my_add_jit(float32[] x1, float32[] x2, float32[] y, int32 n) {
    int32 tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
