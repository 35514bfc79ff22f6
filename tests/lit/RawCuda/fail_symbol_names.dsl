// RUN: %gpucc --verify %s
// Names PTX cannot spell and namespaces the generated header cannot use are errors at their
// raw CUDA line. A kernel named with a character outside ASCII used to stop gpucc in the NVPTX
// back end with "LLVM ERROR: Symbol name with unsupported characters"; a kernel in a raw
// `namespace gpucc` got a launcher in `<module>::gpucc`, which hid the library's namespace from
// the rest of the generated header.
module names;

raw cuda """
__global__ void kernel_é(int* x) { x[0] = 1; } // expected-error {{'kernel_é' cannot be named in PTX: GPU symbols take ASCII letters, digits, '_' and '$' only; rename it}}
__device__ int helper_ü(int v) { return v; } // expected-error {{'helper_ü' cannot be named in PTX}}
namespace naïve { // expected-error {{'naïve' cannot be named in PTX}}
__global__ void k2(int* x) { x[0] = 2; }
}
struct Box { __device__ int größe() const { return 1; } }; // expected-error {{'größe' cannot be named in PTX}}
__global__ void fine(int* x) { int local_ß = 3; x[0] = local_ß; }
namespace gpucc {
__global__ void shadow(int* x) { x[0] = 3; } // expected-error {{'gpucc::shadow' cannot get a launcher or accessor: it is in namespace 'gpucc', which would hide the library's own names in the generated header; rename the namespace}}
__device__ int value; // expected-error {{'gpucc::value' cannot get a launcher or accessor: it is in namespace 'gpucc'}}
}
namespace outer { namespace std {
__global__ void k3(int* x) { x[0] = 4; } // expected-error {{'outer::std::k3' cannot get a launcher or accessor: it is in namespace 'std'}}
} }
""";
