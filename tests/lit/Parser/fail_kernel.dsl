// RUN: %gpucc --verify %s
// Syntax errors of jit-style kernels; each definition is abandoned and the next one read.
kernel two_dims(float32[][] x) { } // expected-error {{an array parameter takes one pair of brackets: 'T[] x' (C-contiguous, indexed flat) or 'T[:, :] x' (two axes, any strides, indexed 'x[i, j]')}}
kernel sized(float32[4] x) { } // expected-error {{expected ']' after '[' (an array parameter is written 'T[] name' or, with its shape and strides, 'T[:, :] name'), found integer literal '4'}}
kernel sized_axis(float32[:, 4] x) { } // expected-error {{expected ':' for each axis (a ranked array is 'T[:, :] name'), found integer literal '4'}}
kernel open_axes(float32[:, :) { } // expected-error {{expected ']' after '[' (an array parameter is written 'T[] name' or, with its shape and strides, 'T[:, :] name'), found ')'}}
kernel too_many_axes(float32[:, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :] x) { } // expected-error {{array parameter of rank 33: arrays have at most 32 dimensions}}
kernel most_axes(float32[:, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :] x) { x[0] = 1; }
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
