// The standard library's spreads (gpucc/stdlib/reduction.h): var, std and linalg.norm, with
// NumPy 2's result dtypes. The reductions are four files, one per family, so that a build
// compiles them in parallel.
// The language has no way to name "the sum type of T", so each reduction whose result dtype
// depends on the input's kind is split into kernels by that kind: `_signed` (bool and signed
// integers: int64 results), `_unsigned` (uint64), `_integer` (bool and every integer: float64
// results), `_half` (float16 and bfloat16: computed in float32, rounded once at the end) and
// `_float` (float32 and float64: computed in their own type, as NumPy does). The C++ side
// (runtime/src/stdlib/reduction.cpp) picks the kernel by the input's dtype.
module gpucc_stdlib_reduction_spread;

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
