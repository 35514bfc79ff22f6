// RUN: %gpucc --emit=ast %s | FileCheck %s
// The parser keeps raw CUDA as text with the place it starts; `instantiate` lists are kept as
// spelled, '>>' closing two template argument lists.
raw cuda """
extern "C" __global__ void k(float* x) {}
template <typename T> __global__ void t(T* x) {}
template <typename T> struct Box { using type = T; };
template <typename T> __global__ void u(T* x) {}
""" instantiate t<float>, u<Box<int>::type>, t<Box<Box<double>>::type>;

raw cuda file "Inputs/kernel.cu"
raw cuda """extern "C" __global__ void one_line(int* x) {}"""

// CHECK: RawCuda <4:1> inline 6 lines from <4:13>
// CHECK-NEXT: Instantiate t<float> <9:17>
// CHECK-NEXT: Instantiate u<Box<int>::type> <9:27>
// CHECK-NEXT: Instantiate t<Box<Box<double>>::type> <9:46>
// CHECK-NEXT: RawCuda <11:1> file "Inputs/kernel.cu"
// CHECK-NEXT: RawCuda <12:1> inline 1 line from <12:13>
