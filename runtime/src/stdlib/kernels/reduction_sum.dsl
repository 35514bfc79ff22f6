// The standard library's sums (gpucc/stdlib/reduction.h): sum, prod and mean, with NumPy 2's
// result dtypes. Integer sums and products wrap around in their 64-bit type, as NumPy's do.
// The reductions are four files, one per family, so that a build compiles them in parallel.
// The language has no way to name "the sum type of T", so each reduction whose result dtype
// depends on the input's kind is split into kernels by that kind: `_signed` (bool and signed
// integers: int64 results), `_unsigned` (uint64), `_integer` (bool and every integer: float64
// results), `_half` (float16 and bfloat16: computed in float32, rounded once at the end) and
// `_float` (float32 and float64: computed in their own type, as NumPy does). The C++ side
// (runtime/src/stdlib/reduction.cpp) picks the kernel by the input's dtype.
module gpucc_stdlib_reduction_sum;

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
