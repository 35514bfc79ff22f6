// The language builtins the default generator's kernels stand on, as kernels the tests call on
// random inputs (builtins_test.cpp): mulhi and clz for each 32- and 64-bit integer type, and the
// float32 approximations __sinf, __cosf, __logf and __expf.
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
