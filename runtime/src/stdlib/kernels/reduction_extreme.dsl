// The standard library's extremes (gpucc/stdlib/reduction.h): min/max (amin/amax), and the second
// pass of argmin/argmax. argmin/argmax run two kernels: amin/amax with keepdims, then arg_first,
// the first position holding that extreme. The reductions are four files, one per family, so
// that a build compiles them in parallel.
module gpucc_stdlib_reduction_extreme;

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
