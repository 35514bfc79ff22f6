// RUN: %gpucc --verify %s
// What Clang accepts but a launcher cannot do is an error at the kernel, the parameter or the
// instantiation, with every mistake of a run reported: parameters of types the generated header
// cannot pass, kernels the host cannot launch, names taken twice, instantiations that are not
// kernels or that the header cannot spell.
module launchers;

elementwise taken(float32 x) -> (float32 y) { y = x; }

raw cuda """
struct S { int a; };
__global__ void k3(S s, float** p, int& r) {} // expected-error {{parameter 's' of kernel 'k3' has type 'S', which a launcher cannot pass}} expected-error {{parameter 'p' of kernel 'k3' has type 'float **'}} expected-error {{parameter 'r' of kernel 'k3' has type 'int &'}}
static __global__ void k4() {} // expected-error {{kernel 'k4' has internal linkage (static or in an anonymous namespace), so it cannot be launched from the host}}
namespace { __global__ void k5() {} } // expected-error {{kernel 'k5' has internal linkage}}
__global__ void k6(int) {} // expected-note 2 {{previous definition of 'k6' is here}}
__global__ void k6(float) {} // expected-error {{kernel 'k6' is overloaded; give each __global__ function its own name}}
template <typename T, int N> __global__ void t1(T* x) {}
template <typename... T> __global__ void t2(T... x) {}
template <typename T> __device__ void dev(T* x) {}
template <template <typename> class C> __global__ void t3(int* x) {}
template <typename T> struct Box {};
template <typename T> __global__ void t4(int* x) {}
__global__ void taken(float* x) {} // expected-error {{'taken' is already the name of a kernel in module 'launchers'}}
__device__ int gpucc_x; // expected-error {{'gpucc_x' cannot name a launcher or variable: the generated header reserves 'gpucc', 'std' and names starting with 'gpucc_'}}
""" instantiate t1<float, 4>, t2<int, float>, dev<float>, t1<float, 4>, t3<Box>, t4<Box<int>>;
// expected-error@-1 {{kernel template 't2<int, float>' cannot get a launcher: template parameter packs are not supported}}
// expected-error@-2 {{'dev<float>' does not name a __global__ function template}}
// expected-error@-3 {{'t1<float, 4>' is instantiated twice}}
// expected-error@-4 {{kernel template 't3<Box>' cannot get a launcher: template template parameters are not supported}}
// expected-error@-5 {{kernel template 't4<Box<int>>' cannot get a launcher: the template argument 'Box<int>' is not a type the generated header can name}}

raw cuda """
__global__ void k6(double* x) {} // expected-error {{'k6' is already the name of a raw kernel in module 'launchers'}}
""";
