// expected-no-diagnostics
// Two reductions around an elementwise kernel (used by reduction_not_implemented.test).
elementwise copy(float32 x) -> (float32 y) { y = x; }
reduction total(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }

reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}
