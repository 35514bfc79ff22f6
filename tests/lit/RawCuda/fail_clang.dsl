// RUN: %gpucc --verify %s
// Clang's errors inside `raw cuda """...` are reported at the line and column of the .dsl file,
// each of them, and the definitions around them are still checked: the elementwise kernel's
// error and the second raw definition's error are reported in the same run. Errors in the
// `instantiate` list point at the instantiation.
elementwise before(float32 x) -> (float32 y) { y = undefined_before; } // expected-error {{use of undeclared identifier 'undefined_before'}}

raw cuda """
extern "C" __global__ void k1(float* x) {
    x[0] = undefined_thing; // expected-error {{use of undeclared identifier 'undefined_thing'}}
}
extern "C" __global__ void k2(float* x, int n) { x[0] = n } // expected-error {{expected ';' after expression}}
template <typename T> __global__ void t(T* x) { x[0] = T(1); }
""" instantiate t<float>, missing<int>; // expected-error {{use of undeclared identifier 'missing'}}

raw cuda """extern "C" __global__ void k3(float* x) { x[0] = "text"; }""" // expected-error {{assigning to 'float' from incompatible type 'const char[5]'}}

raw cuda """
__global__ void warns(int* x) {
    int unused_but_fine;
    x[0] = 1 << 40; // expected-warning {{shift count >= width of type}}
}
""";
