// The plain reduction kernel equivalent to sum_axis1_fused.dsl (float32): the same PTX.
module p;
reduction psum<T: float32>(T x) -> (T y) {
    map: x;
    reduce: a + b;
    identity: 0;
    post: y = a;
}
