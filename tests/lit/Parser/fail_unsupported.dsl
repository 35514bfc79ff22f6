// RUN: %gpucc --verify %s
// C constructs outside the language get a message saying so, at the construct.
elementwise r(float32 x) -> (float32 y) {
    return; // expected-error {{'return' is not allowed in an elementwise body; use 'continue' to end the current element}}
}
elementwise s(int32 x) -> (int32 y) {
    switch (x) { } // expected-error {{'switch' statements are not supported}}
}
elementwise g(int32 x) -> (int32 y) {
    goto out; // expected-error {{'goto' statements are not supported}}
}
elementwise c(int32 x) -> (int32 y) {
    y = x, y = 2; // expected-error {{the comma operator is not supported; write separate statements}}
}
elementwise p(int32 x) -> (int32 y) {
    y = *x; // expected-error {{pointers are not supported: 'unary *' has no meaning here}}
}
elementwise a(int32 x) -> (int32 y) {
    y = x->z; // expected-error {{pointers are not supported: '->' has no meaning here}}
}
elementwise t(int32 x) -> (int32 y) {
    y = float32 + x; // expected-error {{unexpected type name 'float32': expected an expression}}
}
elementwise m(const int32 x, foo int32 z) -> (int32 y) { // expected-error {{unknown parameter modifier 'const'}} expected-error {{unknown parameter modifier 'foo'}}
    y = x + z;
}
