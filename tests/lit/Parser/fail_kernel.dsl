// RUN: %gpucc --verify %s
// Syntax errors of jit-style kernels; each definition is abandoned and the next one read.
kernel two_dims(float32[][] x) { } // expected-error {{only one-dimensional array parameters ('T[] x') are supported; index the array with a C-order linear index}}
kernel sized(float32[4] x) { } // expected-error {{expected ']' after '[' (an array parameter is written 'T[] name'), found integer literal '4'}}
kernel value(int32 n) {
    return n; // expected-error {{a kernel returns no value: write 'return;'}}
}
kernel no_size(float32[] x) {
    shared float32 buf; // expected-error {{expected '[' after the shared array's name ('shared T name[size];' or 'shared T name[];'), found ';'}}
}
elementwise address(float32 x) -> (float32 y) {
    y = &x; // expected-error {{pointers are not supported: 'unary &' has no meaning here}}
}
elementwise returns(float32 x) -> (float32 y) {
    return; // expected-error {{'return' is not allowed in an elementwise body; use 'continue' to end the current element}}
}
kernel fine(float32[] x) { x[0] = 1; }
