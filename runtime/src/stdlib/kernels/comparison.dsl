// Comparison and logic ufuncs (gpucc/stdlib/ufunc.h) and where. Comparisons and logical operations give
// bool; floats compare as IEEE (every comparison with NaN is false but !=) and are true when
// nonzero, NaN included, as in NumPy. NumPy 2 compares int64 with uint64 exactly rather than
// through float64: the *_int64_uint64 and *_uint64_int64 kernels are those loops.
module gpucc_stdlib_comparison;

elementwise equal<T>(T x1, T x2) -> (bool y) {
    y = x1 == x2;
}

elementwise not_equal<T>(T x1, T x2) -> (bool y) {
    y = x1 != x2;
}

elementwise less<T>(T x1, T x2) -> (bool y) {
    y = x1 < x2;
}

elementwise less_equal<T>(T x1, T x2) -> (bool y) {
    y = x1 <= x2;
}

elementwise greater<T>(T x1, T x2) -> (bool y) {
    y = x1 > x2;
}

elementwise greater_equal<T>(T x1, T x2) -> (bool y) {
    y = x1 >= x2;
}

// int64 against uint64: a negative int64 is below every uint64; otherwise compare as uint64.
elementwise equal_int64_uint64(int64 x1, uint64 x2) -> (bool y) {
    y = x1 >= 0 && (uint64)x1 == x2;
}

elementwise equal_uint64_int64(uint64 x1, int64 x2) -> (bool y) {
    y = x2 >= 0 && x1 == (uint64)x2;
}

elementwise not_equal_int64_uint64(int64 x1, uint64 x2) -> (bool y) {
    y = x1 < 0 || (uint64)x1 != x2;
}

elementwise not_equal_uint64_int64(uint64 x1, int64 x2) -> (bool y) {
    y = x2 < 0 || x1 != (uint64)x2;
}

elementwise less_int64_uint64(int64 x1, uint64 x2) -> (bool y) {
    y = x1 < 0 || (uint64)x1 < x2;
}

elementwise less_uint64_int64(uint64 x1, int64 x2) -> (bool y) {
    y = x2 >= 0 && x1 < (uint64)x2;
}

elementwise less_equal_int64_uint64(int64 x1, uint64 x2) -> (bool y) {
    y = x1 < 0 || (uint64)x1 <= x2;
}

elementwise less_equal_uint64_int64(uint64 x1, int64 x2) -> (bool y) {
    y = x2 >= 0 && x1 <= (uint64)x2;
}

elementwise greater_int64_uint64(int64 x1, uint64 x2) -> (bool y) {
    y = x1 >= 0 && (uint64)x1 > x2;
}

elementwise greater_uint64_int64(uint64 x1, int64 x2) -> (bool y) {
    y = x2 < 0 || x1 > (uint64)x2;
}

elementwise greater_equal_int64_uint64(int64 x1, uint64 x2) -> (bool y) {
    y = x1 >= 0 && (uint64)x1 >= x2;
}

elementwise greater_equal_uint64_int64(uint64 x1, int64 x2) -> (bool y) {
    y = x2 < 0 || x1 >= (uint64)x2;
}

elementwise logical_and<T>(T x1, T x2) -> (bool y) {
    y = x1 && x2;
}

elementwise logical_or<T>(T x1, T x2) -> (bool y) {
    y = x1 || x2;
}

elementwise logical_xor<T>(T x1, T x2) -> (bool y) {
    y = (bool)x1 != (bool)x2;
}

elementwise logical_not<T>(T x) -> (bool y) {
    y = !x;
}

// where(condition, x, y): x where the condition holds, else y (the host converts a non-bool
// condition to bool and promotes x and y to one type).
elementwise where<T>(bool condition, T x, T y) -> (T out) {
    out = condition ? x : y;
}
