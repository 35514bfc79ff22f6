// RUN: %gpucc --emit=ast %s | FileCheck %s
// Template arguments as C++ reads them: inside parentheses '>' is a comparison, and '<<' is a
// shift, not two brackets.
raw cuda """
template <bool B> __global__ void t(float* x) {}
template <int N> __global__ void u(float* x) {}
""" instantiate t<(2 > 1)>, u<1 << 2>, u<(3 >> 1)>, t<(sizeof(int) > 2) && true>;

// CHECK: Instantiate t<(2 > 1)> <7:17>
// CHECK-NEXT: Instantiate u<1 << 2> <7:29>
// CHECK-NEXT: Instantiate u<(3 >> 1)> <7:40>
// CHECK-NEXT: Instantiate t<(sizeof(int) > 2) && true> <7:53>
