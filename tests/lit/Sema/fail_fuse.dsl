// RUN: %gpucc --verify %s
// What a fused function cannot do, each at its place: a call of
// another fused function (not implemented yet; the module's elementwise kernels are inlined),
// unknown functions and names, indexing, bool operands NumPy refuses, bitwise operators and shifts on floats, a value bound twice, astype
// without a type, the wrong number of arguments, literals out of the array type's range.
elementwise twice(float32 x) -> (float32 y) { y = 2 * x; }

fuse calls_kernel(float32 x) = twice(x) + 1; // the module's elementwise kernel, inlined
fuse calls_fused(float32 x) = calls_kernel(x) * 2; // expected-error {{calling the module's fused function 'calls_kernel' from a fused function is not implemented yet}}
fuse misspelled(float32 x) = maximun(x, 0); // expected-error {{unknown function 'maximun' in a fused function; did you mean 'maximum'?}}
fuse unknown(float32 x) = frobnicate(x); // expected-error {{unknown function 'frobnicate' in a fused function}}
fuse unknown_name(float32 x) = x + xx; // expected-error {{use of undeclared identifier 'xx'; did you mean 'x'?}}
fuse float_shift(float32 x, int32 s) = x << s; // expected-error {{'<<' takes integer or bool operands, not float64}}
fuse float_right_shift(float32 x) = right_shift(x, 1); // expected-error {{'right_shift' takes integer or bool operands, not float32}}
fuse misspelled_power(int32 x) = powr(x, 2); // expected-error {{unknown function 'powr' in a fused function; did you mean 'power'?}}
fuse indexing(float32 x) = x[0]; // expected-error {{indexing is not supported in a fused function}}
fuse bool_minus(bool x) = -x; // expected-error {{'-' is not defined for bool operands (NumPy raises a TypeError)}}
fuse bool_subtract(bool x, bool y) = x - y; // expected-error {{'-' is not defined for bool operands (NumPy raises a TypeError)}}
fuse float_and(float32 x, int32 y) = x & y; // expected-error {{'&' takes integer or bool operands, not float64}}
fuse float_invert(float32 x) = ~x; // expected-error {{'~' takes integer or bool operands, not float32}}
fuse bad_astype(float32 x) = astype(x, 3); // expected-error {{the second argument of 'astype' must be a type name, such as 'float32'}}
fuse arity(float32 x) = where(x > 0, x); // expected-error {{function 'where' takes 3 arguments, but 2 were given}}
fuse rebound(float32 x) {
    a = x + 1;
    a = x - 1; // expected-error {{'a' is already defined in this fused function}}
    return a;
}
fuse shadows(float32 x) {
    x = 2; // expected-error {{'x' is already defined in this fused function}}
    return x;
}
// With placeholders of its own every instance must be valid: bool has no negative.
fuse negated<T: bool | float32>(T x) = -x; // expected-error {{'-' is not defined for bool operands (NumPy raises a TypeError)}} expected-note {{in instantiation of 'negated' with T = bool}}
// A literal out of the range of the array's integer type is NumPy 2's OverflowError.
fuse overflow(int8 x) = x + 300; // expected-error {{the literal 300 is out of the range of int8 (NumPy 2 raises an OverflowError)}}
fuse overflow_negative(uint8 x) = x * -1; // expected-error {{the literal -1 is out of the range of uint8 (NumPy 2 raises an OverflowError)}}
fuse overflow_divisor(uint8 x) = floor_divide(x, -2); // expected-error {{the literal -2 is out of the range of uint8 (NumPy 2 raises an OverflowError)}}
// Untyped parameters need a free capital letter for their placeholder.
fuse lettered<A: float32, B: float32, C: float32, D: float32, E: float32, F: float32, G: float32, H: float32, I: float32, J: float32, K: float32, L: float32, M: float32, N: float32, O: float32, P: float32, Q: float32, R: float32, S: float32, T: float32, U: float32, V: float32, W: float32, X: float32, Y: float32, Z: float32>(A pa, B pb, C pc, D pd, E pe, F pf, G pg, H ph, I pi, J pj, K pk, L pl, M pm, N pn, O po, P pp, Q pq, R pr, S ps, T pt, U pu, V pv, W pw, X px, Y py, Z pz, x) = x; // expected-error {{the untyped parameters need a placeholder name, but every capital letter is declared}}
