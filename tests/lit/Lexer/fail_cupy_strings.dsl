// RUN: %gpucc --verify %s
// CuPy's ElementwiseKernel takes its parameters and body as strings; written that way in a .dsl
// file, the message says to drop the quotes (a one-character literal keeps its own message).
elementwise single_quoted(
    'float32 x', // expected-error {{quoted parameters or body, as CuPy's ElementwiseKernel takes them, are not gpucc's syntax: write them without quotes, e.g. 'elementwise f(float32 x) -> (float32 y) { y = x * 2; }'}}
    'float32 y', // expected-error {{quoted parameters or body, as CuPy's ElementwiseKernel takes them, are not gpucc's syntax}}
    'y = x * 2') // expected-error {{quoted parameters or body, as CuPy's ElementwiseKernel takes them, are not gpucc's syntax}}
elementwise double_quoted("float32 x", "float32 y", "y = x * 2") // expected-error {{quoted parameters or body, as CuPy's ElementwiseKernel takes them, are not gpucc's syntax}}
elementwise fine(float32 x) -> (float32 y) {
    y = 'a'; // expected-error {{character literals are not supported}}
}
