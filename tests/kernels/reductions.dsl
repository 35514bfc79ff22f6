// Reduction kernels the reduction tests run: language.md section 2's programs, then one kernel
// per feature of the reduction contract (several inputs, a scalar input, several outputs, no
// identity, a reduce type wider than the input, the size members, a post with statements, `_J`).
module rk;

reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}

reduction sum_abs<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      abs(x);
    reduce:   a + b;
    post:     y = a;
    type:     float64;
}

reduction total<T: float32 | float64 | int32>(T x) -> (T y) {
    identity: 0;
    map: x;
    reduce: a + b;
}

reduction dot(float32 x, float32 w) -> (float32 y) {
    identity: 0;
    map: x * w;
    reduce: a + b;
}

reduction shifted_square_sum(float64 x, scalar float64 c) -> (float64 y) {
    identity: 0;
    map: (x - c) * (x - c);
    reduce: a + b;
}

reduction largest<T: float32 | int16 | uint8>(T x) -> (T y) {
    identity: none;
    map: x;
    reduce: a > b ? a : b;
}

reduction wide_sum(int8 x) -> (int64 y) {
    identity: 0;
    map: x;
    reduce: a + b;
    type: int64;
}

reduction mean_and_count(float32 x) -> (float32 mean, int64 count) {
    identity: 0;
    map: x;
    reduce: a + b;
    post: {
        int64 n = _in_ind.size() / _out_ind.size();
        count = n;
        mean = n == 0 ? 0.0f : a / n;
    }
    type: float64;
}

reduction any_negative(float32 x) -> (bool y) {
    identity: false;
    map: x < 0;
    reduce: a || b;
}

// `_J`, the position along the reduced axes (C order over them): each element weighted by it,
// which checks every element's position, and the last position of a positive element.
reduction position_weighted<T: int32 | float32>(T x) -> (int64 y) {
    identity: 0;
    map: _J * (x > 0 ? 2 : 1);
    reduce: a + b;
}

reduction last_positive(float32 x) -> (int64 y) {
    identity: -1;
    map: x > 0 ? _J : -1;
    reduce: a > b ? a : b;
}
