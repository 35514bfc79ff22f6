// Tutorial 002, exercise 2: "compare the time of cupy matmul with the matmul obtained with a
// vanilla CUDA matmul implemented with raw kernels". The vanilla kernels, as raw CUDA: the naive
// one (a thread per element of C, reading A and B from global memory) and the classic tiled one
// (TILE x TILE tiles of A and B staged in shared memory). C = A B, row-major, n x n.
// matmul_bench.cpp times them against cuBLAS; peers_matmul.py runs the same source as CuPy
// RawKernels next to cp.matmul.
module mm;

raw cuda file "matmul_kernels.cu";
