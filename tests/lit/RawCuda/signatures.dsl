// RUN: %gpucc --emit=ir %s | FileCheck %s
// Clang reads each __global__ function's signature: extern "C" kernels keep their name as the
// entry point, C++ kernels their mangled name; `instantiate` adds one kernel per template
// instantiation. Typedefs resolve to the builtin type they name (size_t is unsigned long), __half
// and __nv_bfloat16 are gpucc's float16 and bfloat16. Device variables come with their element
// type and count.
module sig;

raw cuda """
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>
extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
__global__ void every_type(bool b, char c, signed char sc, unsigned char uc, short s,
                           unsigned short us, int i, unsigned u, long l, unsigned long ul,
                           long long ll, unsigned long long ull, float f, double d,
                           size_t sz, int64_t i64, uint8_t u8, __half h, __nv_bfloat16 bh,
                           const volatile int* cv, void* p, const void* cp, int) {}
namespace lin {
__global__ void axpy(float a, const float* __restrict__ x, float* __restrict__ y) {}
template <typename T, int Tile, bool Check>
__global__ void tiled(const T* x, T* y) {}
}
__device__ float counter;
__constant__ double coeffs[4][2];
__device__ __half halves[3];
__device__ int* pointer;
struct Pair { int a, b; };
__device__ Pair pair;
static __device__ int hidden;
__device__ void helper() {}
template <typename T> __global__ void never_instantiated(T* x) {}
""" instantiate scale<float>, scale<double>, lin::tiled<__half, 32, true>;

// CHECK: raw cuda #0 (6 kernels, 5 variables)
// CHECK-NEXT: kernel my_add symbol my_add (const float* x1, const float* x2, float* y, int n)
// CHECK-NEXT: kernel every_type symbol _Z10every_type{{.*}} (bool b, char c, signed char sc, unsigned char uc, short s, unsigned short us, int i, unsigned int u, long l, unsigned long ul, long long ll, unsigned long long ull, float f, double d, unsigned long sz, long i64, unsigned char u8, gpucc::float16 h, gpucc::bfloat16 bh, const volatile int* cv, void* p, const void* cp, int)
// CHECK-NEXT: kernel lin::axpy symbol _ZN3lin4axpyEfPKfPf (float a, const float* x, float* y)
// CHECK-NEXT: kernel scale<float> [template <class T>] symbol _Z5scaleIfEvPT_S0_i (float* x, float a, int n)
// CHECK-NEXT: kernel scale<double> [template <class T>] symbol _Z5scaleIdEvPT_S0_i (double* x, double a, int n)
// CHECK-NEXT: kernel lin::tiled<gpucc::float16, 32, true> [template <class T, int Tile, bool Check>] symbol _ZN3lin5tiledI6__halfLi32ELb1EEEvPKT_PS2_ (const gpucc::float16* x, gpucc::float16* y)
// CHECK-NEXT: __device__ counter symbol counter type 'float' element float
// CHECK-NEXT: __constant__ coeffs symbol coeffs type 'double[4][2]' element double x 8
// CHECK-NEXT: __device__ halves symbol halves type '__half[3]' element gpucc::float16 x 3
// CHECK-NEXT: __device__ pointer symbol pointer type 'int *' element int*
// CHECK-NEXT: __device__ pair symbol pair type 'Pair' (no typed accessor)
// CHECK-NOT: hidden
