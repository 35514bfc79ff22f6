// RUN: %gpucc --verify %s
// Integer operations that C leaves undefined, on constant operands, are errors at the operator:
// LLVM would fold them to poison and delete the code that writes the output. Division by a
// non-constant, floating division by zero and shifts in range compile.
elementwise division(int32 x) -> (int32 y) {
    y = 1 / 0; // expected-error {{division by zero: the result is undefined}}
    y = x % 0; // expected-error {{remainder by zero: the result is undefined}}
    y = 2 * (x / (3 - 3)); // expected-error {{division by zero: the result is undefined}}
    y /= 0; // expected-error {{division by zero: the result is undefined}}
    y = (-2147483647 - 1) / -1; // expected-error {{division of -2147483648 by -1 overflows int32: the result is undefined}}
    y = (-2147483647 - 1) % -1; // expected-error {{remainder of -2147483648 by -1 overflows int32: the result is undefined}}
    y = (int32)(0u - 1u) / -1; // -1 / -1: defined
    y = 7 / -1 + x / x + (2147483647 / -1);
}
elementwise unsigned_division(uint32 x) -> (uint64 y) {
    y = x / (0u * 5u); // expected-error {{division by zero: the result is undefined}}
    y = 0xFFFFFFFFFFFFFFFF / 18446744073709551615u; // defined: unsigned
}
elementwise shifts(int32 x, int64 w) -> (int32 y, int64 z) {
    y = 1 << 64; // expected-error {{shift count 64 is not less than the width of int32 (32 bits): the result is undefined}}
    y = x << 32; // expected-error {{shift count 32 is not less than the width of int32 (32 bits): the result is undefined}}
    y = x >> -1; // expected-error {{shift count -1 is negative: the result is undefined}}
    y = x >> 4294967296; // expected-error {{shift count 4294967296 is not less than the width of int32 (32 bits): the result is undefined}}
    y <<= 40; // expected-error {{shift count 40 is not less than the width of int32 (32 bits): the result is undefined}}
    z = w << 64; // expected-error {{shift count 64 is not less than the width of int64 (64 bits): the result is undefined}}
    z = (int8)1 << 31; // int8 promotes to int32: a count of 31 is in range
    z = w << 63 + x >> 31;
}
elementwise floating(float32 x) -> (float32 y) {
    y = 1.0f / 0.0f + x / 0 + x; // infinity: defined for floating types
}
reduction identity_zero(int32 x) -> (int32 y) {
    identity: 1 / 0; // expected-error {{division by zero: the result is undefined}}
    map: x;
    reduce: a + b;
}
reduction map_shift(int64 x) -> (int64 y) {
    identity: 0;
    map: x >> 64; // expected-error {{shift count 64 is not less than the width of int64 (64 bits): the result is undefined}}
    reduce: a + b;
}
kernel grid_division(int32[] x) {
    x[0] = 5 % 0; // expected-error {{remainder by zero: the result is undefined}}
}
