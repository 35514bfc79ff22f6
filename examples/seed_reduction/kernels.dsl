// Tutorial 000, exercise 4 as a ReductionKernel: the sum of a vector, and the same kernel shape
// for a sum of squares.
module seed;

reduction vector_sum<T: float32 | float64 | int32>(T x) -> (T total) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    post:     total = a;
}

reduction sum_of_squares<T: float32 | float64>(T x) -> (T total) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
}

// The RawKernel way: the block reduction of the tutorial's CUDA part, as raw CUDA. Each block sums
// a grid-strided share of x in shared memory, the last warp with shuffles, and adds its partial
// sum to out[0] atomically (out must be zero before the launch).
raw cuda """
template <typename T, int Block>
__global__ void block_sum(const T* x, T* out, long long n) {
    __shared__ T partial[Block];
    T sum = 0;
    for (long long i = blockIdx.x * (long long)Block + threadIdx.x; i < n;
         i += (long long)gridDim.x * Block) {
        sum += x[i];
    }
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = Block / 2; stride >= 32; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        T v = partial[threadIdx.x];
        for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
        if (threadIdx.x == 0) atomicAdd(out, v);
    }
}
""" instantiate block_sum<float, 256>, block_sum<int, 256>;

// block_sum again as a jit-style kernel (cupyx.jit.rawkernel's counterpart): the same shared
// array, barriers, shuffles and atomic, in the language, so it runs on the CPU too. Blocks of 256
// threads; out must be zero before the launch.
kernel block_sum_jit<T: float32 | int32>(T[] x, T[] out, int64 n) {
    shared T partial[256];
    T sum = 0;
    for (int64 i = blockIdx.x * 256 + threadIdx.x; i < n; i += gridDim.x * 256) {
        sum += x[i];
    }
    partial[threadIdx.x] = sum;
    syncthreads();
    for (uint32 stride = 128; stride >= 32; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        syncthreads();
    }
    if (threadIdx.x < 32) {
        T v = partial[threadIdx.x];
        for (int32 offset = 16; offset > 0; offset /= 2) v += shfl_down_sync(0xffffffff, v, offset);
        if (threadIdx.x == 0) atomic_add(&out[0], v);
    }
}
