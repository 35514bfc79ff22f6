// The reductions of the standard library (gpucc/reduction.h, runtime/src/stdlib/reduction.cpp):
// sum, prod, min/max (amin/amax), mean, var, std, all, any, count_nonzero and linalg.norm, with
// NumPy 2's result dtypes. The language has no way to name "the sum type of T", so each
// reduction whose result dtype depends on the input's kind is split into kernels by that kind:
// `_signed` (bool and signed integers: int64 results), `_unsigned` (uint64), `_integer` (bool and
// every integer: float64 results), `_half` (float16 and bfloat16: computed in float32, rounded
// once at the end) and `_float` (float32 and float64: computed in their own type, as NumPy does).
// The C++ side picks the kernel by the input's dtype. Integer sums and products wrap around in
// their 64-bit type, as NumPy's do. argmin/argmax run two kernels: amin/amax with keepdims, then
// arg_first, the first position holding that extreme.
module gpucc_stdlib_reduction;

// sum: bool and signed integers -> int64, unsigned -> uint64, floats keep their type.
reduction sum_signed<T: bool | int8 | int16 | int32 | int64>(T x) -> (int64 y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
}

reduction sum_unsigned<T: uint8 | uint16 | uint32 | uint64>(T x) -> (uint64 y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
}

reduction sum_half<T: float16 | bfloat16>(T x) -> (T y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    type:     float32;
}

reduction sum_float<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
}

// prod: the same result dtypes as sum.
reduction prod_signed<T: bool | int8 | int16 | int32 | int64>(T x) -> (int64 y) {
    identity: 1;
    map:      x;
    reduce:   a * b;
}

reduction prod_unsigned<T: uint8 | uint16 | uint32 | uint64>(T x) -> (uint64 y) {
    identity: 1;
    map:      x;
    reduce:   a * b;
}

reduction prod_half<T: float16 | bfloat16>(T x) -> (T y) {
    identity: 1;
    map:      x;
    reduce:   a * b;
    type:     float32;
}

reduction prod_float<T: float32 | float64>(T x) -> (T y) {
    identity: 1;
    map:      x;
    reduce:   a * b;
}

// amin/amax: no identity (an empty reduction is an error); a NaN anywhere gives NaN, as NumPy's
// minimum/maximum (`a != a` holds only for NaN, and is false for every other type).
reduction amin<T>(T x) -> (T y) {
    identity: none;
    map:      x;
    reduce:   (a <= b || a != a) ? a : b;
}

reduction amax<T>(T x) -> (T y) {
    identity: none;
    map:      x;
    reduce:   (a >= b || a != a) ? a : b;
}

// argmin/argmax, the second of two passes: the caller computes amin/amax with keepdims over the
// same axis, so `m` broadcasts against x, and this finds the first position (`_J`, in C order
// along the reduced axes) whose element equals it; a NaN extreme matches the first NaN, as NumPy's
// argmin/argmax return the first NaN. The smallest position wins whatever order the positions
// are visited in, so the result is exact on every target.
reduction arg_first<T>(T x, T m) -> (int64 y) {
    identity: 9223372036854775807;
    map:      (x == m || (x != x && m != m)) ? _J : 9223372036854775807;
    reduce:   a < b ? a : b;
}

// mean: the sum divided by the number of elements reduced into each output; bool and integers
// give float64 (summed in float64, as NumPy's mean does), floats keep their type. An empty
// reduction gives 0 / 0, NaN.
reduction mean_integer<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 |
                          uint64>(T x) -> (float64 y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    post:     y = a / _type_reduce(_in_ind.size() / _out_ind.size());
}

reduction mean_half<T: float16 | bfloat16>(T x) -> (T y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    post:     y = a / _type_reduce(_in_ind.size() / _out_ind.size());
    type:     float32;
}

reduction mean_float<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    post:     y = a / _type_reduce(_in_ind.size() / _out_ind.size());
}

// The mean of float16/bfloat16 in float32, unrounded: var_half and std_half subtract it.
reduction mean_half_float32<T: float16 | bfloat16>(T x) -> (float32 y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    post:     y = a / _type_reduce(_in_ind.size() / _out_ind.size());
}

// var and std, the second of two passes: the caller computes `mean` with keepdims over the same
// axes (mean_integer, mean_half_float32, mean_float), so it broadcasts against x, and this sums
// the squared deviations and divides by max(n - ddof, 0), n being the elements reduced into each
// output (a zero divisor gives inf, or NaN for a zero sum, as NumPy). std is var's square root.
reduction var_integer<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x, float64 mean, scalar int64 ddof) -> (float64 y) {
    identity: 0;
    map:      (x - mean) * (x - mean);
    reduce:   a + b;
    post:     float64 divisor = float64(_in_ind.size() / _out_ind.size()) - float64(ddof);
              y = a / (divisor < 0 ? 0.0 : divisor);
}

reduction var_half<T: float16 | bfloat16>(T x, float32 mean, scalar int64 ddof) -> (T y) {
    identity: 0;
    map:      (_type_reduce(x) - mean) * (_type_reduce(x) - mean);
    reduce:   a + b;
    post:     float64 divisor = float64(_in_ind.size() / _out_ind.size()) - float64(ddof);
              y = a / _type_reduce(divisor < 0 ? 0.0 : divisor);
    type:     float32;
}

reduction var_float<T: float32 | float64>(T x, T mean, scalar int64 ddof) -> (T y) {
    identity: 0;
    map:      (x - mean) * (x - mean);
    reduce:   a + b;
    post:     float64 divisor = float64(_in_ind.size() / _out_ind.size()) - float64(ddof);
              y = a / _type_reduce(divisor < 0 ? 0.0 : divisor);
}

reduction std_integer<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x, float64 mean, scalar int64 ddof) -> (float64 y) {
    identity: 0;
    map:      (x - mean) * (x - mean);
    reduce:   a + b;
    post:     float64 divisor = float64(_in_ind.size() / _out_ind.size()) - float64(ddof);
              y = sqrt(a / (divisor < 0 ? 0.0 : divisor));
}

reduction std_half<T: float16 | bfloat16>(T x, float32 mean, scalar int64 ddof) -> (T y) {
    identity: 0;
    map:      (_type_reduce(x) - mean) * (_type_reduce(x) - mean);
    reduce:   a + b;
    post:     float64 divisor = float64(_in_ind.size() / _out_ind.size()) - float64(ddof);
              y = sqrt(a / _type_reduce(divisor < 0 ? 0.0 : divisor));
    type:     float32;
}

reduction std_float<T: float32 | float64>(T x, T mean, scalar int64 ddof) -> (T y) {
    identity: 0;
    map:      (x - mean) * (x - mean);
    reduce:   a + b;
    post:     float64 divisor = float64(_in_ind.size() / _out_ind.size()) - float64(ddof);
              y = sqrt(a / _type_reduce(divisor < 0 ? 0.0 : divisor));
}

// all/any/count_nonzero: an element counts when it is not zero (NaN counts: NaN != 0).
reduction all<T>(T x) -> (bool y) {
    identity: true;
    map:      x != 0;
    reduce:   a && b;
}

reduction any<T>(T x) -> (bool y) {
    identity: false;
    map:      x != 0;
    reduce:   a || b;
}

reduction count_nonzero<T>(T x) -> (int64 y) {
    identity: 0;
    map:      x != 0;
    reduce:   a + b;
}

// linalg.norm with the default ord: the square root of the sum of squares (no scaling against
// overflow, as NumPy's). bool and integers give float64, floats keep their type.
reduction norm_integer<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 |
                          uint64>(T x) -> (float64 y) {
    identity: 0;
    map:      _type_reduce(x) * _type_reduce(x);
    reduce:   a + b;
    post:     y = sqrt(a);
}

reduction norm_half<T: float16 | bfloat16>(T x) -> (T y) {
    identity: 0;
    map:      _type_reduce(x) * _type_reduce(x);
    reduce:   a + b;
    post:     y = sqrt(a);
    type:     float32;
}

reduction norm_float<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}
