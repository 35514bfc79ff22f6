// Integer division where C leaves it undefined (division_kernels_test.cpp): a zero divisor and
// MIN / -1, which used to raise SIGFPE on the CPU target. NumPy's results are the language's
// (dsl/reference.md, "Integer division"); these kernels check them in each kind of body.
module dk;

// `/` and `%` and their compound forms, for every integer type.
elementwise divide<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(T x, T y)
    -> (T q, T r, T cq, T cr) {
    q = x / y;
    r = x % y;
    T a = x;
    a /= y;
    cq = a;
    T b = x;
    b %= y;
    cr = b;
}

// A jit-style kernel: the same over arrays indexed by thread.
kernel divide_grid<T: int32 | int64 | uint32>(T[] x, T[] y, T[] q, T[] r) {
    for (int64 k = grid(1); k < x.size; k += gridsize(1)) {
        q[k] = x[k] / y[k];
        r[k] = x[k] % y[k];
    }
}

// A reduction whose map divides: the sum (wrapping) of the quotients and of the remainders.
reduction quotient_sum<T: int32 | int64>(T x, T y) -> (T y_out) {
    identity: 0;
    map: x / y;
    reduce: a + b;
}

reduction remainder_sum<T: int32 | int64>(T x, T y) -> (T y_out) {
    identity: 0;
    map: x % y;
    reduce: a + b;
}
