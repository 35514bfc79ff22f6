// RUN: %gpucc --verify %s
// Python's and NumPy's power operator `**` is not C's: it is reported as itself, with what to
// write instead, not as the unary `*` of a pointer (the message `x ** 2` used to get).
elementwise squared(float32 x) -> (float32 y) {
    y = x ** 2; // expected-error {{'**' is not an operator of the language: write 'pow(x, y)'}}
}
kernel cubed(float32[] x) {
    x[0] = x[1] ** 3; // expected-error {{'**' is not an operator of the language: write 'pow(x, y)'}}
}
fuse squared_fused(x) = x ** 2; // expected-error {{'**' is not an operator of the language: write 'power(x, y)'}}
elementwise spaced(float32 x) -> (float32 y) {
    y = x * *x; // expected-error {{pointers are not supported: 'unary *' has no meaning here}}
}
