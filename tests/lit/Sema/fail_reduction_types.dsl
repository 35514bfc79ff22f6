// RUN: %gpucc --verify %s
// Types in reductions: the reduce type (`type:` with a NumPy name or a declared placeholder),
// placeholders bound by array inputs, reserved parameter names, an identity the reduce type cannot
// hold (reported per failing instance), names unique across kernel kinds.
reduction c_name(float32 x) -> (float32 y) {
    identity: 0; map: x; reduce: a + b;
    type: double; // expected-error {{'double' is a C type name; signatures use NumPy names (here: 'float64')}}
}
reduction undeclared(float32 x) -> (float32 y) {
    identity: 0; map: x; reduce: a + b;
    type: U; // expected-error {{type placeholder 'U' is not declared; add '<U>' or '<U: float32 | float64>' after the kernel name}}
}
reduction typo(float32 x) -> (float32 y) {
    identity: 0; map: x; reduce: a + b;
    type: flaot64; // expected-error {{unknown type name 'flaot64'; did you mean 'float64'?}}
}
reduction output_only<T, U>(T x) -> (U y) { // expected-error {{type placeholder 'U' is not bound by an array input; a reduction's outputs, scalar inputs and reduce type take their types from its array inputs}}
    identity: 0; map: x; reduce: a + b;
}
reduction scalar_only<T, U>(T x, scalar U p) -> (T y) { // expected-error {{type placeholder 'U' is not bound by an array input}}
    identity: 0; map: x * p; reduce: a + b;
}
reduction type_only<T, U>(T x) -> (T y) { // expected-error {{type placeholder 'U' is not bound by an array input}}
    identity: 0; map: x; reduce: a + b; type: U;
}
reduction unused<T, U>(T x) -> (T y) { // expected-error {{type placeholder 'U' is not used by any parameter}}
    identity: 0; map: x; reduce: a + b;
}
reduction reserved(float32 a, float32 i) -> (float32 b) { // expected-error {{'a' cannot be a parameter name: 'a' and 'b' are the operands of 'reduce'}} expected-error {{'i' cannot be a parameter name: 'i' is the element index}} expected-error {{'b' cannot be a parameter name: 'a' and 'b' are the operands of 'reduce'}}
    identity: 0; map: 1; reduce: a + b;
}
reduction range<T: int32 | uint32 | float16 | bool>(T x) -> (T y) { // expected-note {{in instantiation of 'range' with T = uint32}} expected-note {{in instantiation of 'range' with T = bool}}
    identity: -1; // expected-error {{the identity '-1' cannot be represented in the reduce type uint32}} expected-error {{the identity '-1' cannot be represented in the reduce type bool}}
    map: x; reduce: a + b;
}
reduction fraction(float32 x) -> (int8 y) {
    identity: 1.5; // expected-error {{the identity '1.5' cannot be represented in the reduce type int8}}
    map: x; reduce: a + b;
}
reduction too_large<T: float16 | float32 | int16>(T x) -> (T y) { // expected-note {{with T = float16}} expected-note {{with T = int16}}
    identity: 70000; // expected-error {{the identity '70000' cannot be represented in the reduce type float16}} expected-error {{the identity '70000' cannot be represented in the reduce type int16}}
    map: x; reduce: a + b;
}
reduction declared_type(float32 x) -> (float32 y) {
    identity: 1e300; // expected-error {{the identity '1e300' cannot be represented in the reduce type float32}}
    map: x; reduce: a + b; type: float32;
}
// Fine: a wrapped unsigned literal is what C means by it, and casts are the programmer's choice.
reduction wraps(uint32 x) -> (uint32 y) { identity: -1u; map: x; reduce: a < b ? a : b; }
reduction cast_identity(int8 x) -> (int8 y) { identity: int8(300); map: x; reduce: a + b; }
reduction bool_identity(bool x) -> (bool y) { identity: true; map: x; reduce: a || b; }
reduction integral_float(int64 x) -> (int64 y) { identity: -9.0e18; map: x; reduce: a + b; }

elementwise shared_name(float32 x) -> (float32 y) { y = x; } // expected-note {{previous definition of 'shared_name' is here}}
reduction shared_name(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; } // expected-error {{redefinition of kernel 'shared_name'}}
