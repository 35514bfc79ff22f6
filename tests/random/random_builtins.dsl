// The language builtins the default generator's kernels stand on, as kernels the tests call on
// random inputs (builtins_test.cpp): mulhi and clz for each 32- and 64-bit integer type, and the
// float32 approximations __sinf, __cosf, __logf and __expf; the exact float32 normal's root
// (exact_float32_test.cpp); and the bit reinterpretations.
module random_builtins;

elementwise mulhi_of<T: int32 | uint32 | int64 | uint64>(T a, T b) -> (T y) { y = mulhi(a, b); }

elementwise clz_of<T: int32 | uint32 | int64 | uint64>(T a) -> (T y) { y = clz(a); }

// Mixed operands take C's usual arithmetic conversion: int32 with uint32 is uint32.
elementwise mulhi_mixed(int32 a, uint32 b) -> (uint32 y) { y = mulhi(a, b); }

elementwise approximations(float32 x, float32 positive)
    -> (float32 s, float32 c, float32 l, float32 e) {
    s = __sinf(x);
    c = __cosf(x);
    l = __logf(positive);
    e = __expf(x);
}

// The root of common_draws.dsl's normal_float32_exact: rsqrt corrected once, y = rsqrt(t), s = t y,
// root = s + (t - s^2) y / 2 (t at least 1e-30), and rsqrt itself.
elementwise corrected_root(float32 t) -> (float32 root, float32 inverse) {
    float32 tt = max(t, 1.0e-30f);
    inverse = rsqrt(tt);
    float32 s = tt * inverse;
    root = fma(fma(-s, s, tt), inverse * 0.5f, s);
}

// The bit reinterpretations both ways (exact_math.h's functions and random.dsl's gamma read a
// float's exponent and build 2^k with them).
elementwise float_bits(float32 x, uint32 w) -> (uint32 u, int32 s, float32 from_u, float32 from_s) {
    u = __float_as_uint(x);
    s = __float_as_int(x);
    from_u = __uint_as_float(w);
    from_s = __int_as_float((int32)w);
}

elementwise double_bits(float64 x, uint64 w)
    -> (uint64 u, int64 s, float64 from_u, float64 from_s) {
    u = __double_as_ulonglong(x);
    s = __double_as_longlong(x);
    from_u = __ulonglong_as_double(w);
    from_s = __longlong_as_double((int64)w);
}
