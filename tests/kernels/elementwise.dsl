// Elementwise kernels under differential test (elementwise_kernels_test.cpp): the programs of
// language.md section 1 verbatim, then the same kernels over integer types, then bodies that
// exercise each C statement, conversions, math functions, 16-bit floats and bool outputs.
module ek;

elementwise squared_diff(float32 x, float32 y) -> (float32 z) {
    z = (x - y) * (x - y);
}

elementwise squared_diff_generic<T: float32 | float64>(T x, T y) -> (T z) {
    T diff = x - y;
    z = diff * diff;
}

elementwise mul_add<T: float32 | float64>(T x1, T x2, T b) -> (T y) {
    y = x1 * x2 + b;
}

elementwise reverse<T>(raw T x) -> (T y) {
    y = x[_ind.size() - i - 1];
}

elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) {
    r = sqrt(re * re + im * im);
    if (r == 0) { phi = 0; } else { phi = atan2(im, re); }
}

// The same bodies over integer types.
elementwise squared_diff_int<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(T x, T y) -> (T z) {
    T diff = x - y;
    z = diff * diff;
}

elementwise mul_add_int<T: int32 | int64 | uint32 | uint64>(T x1, T x2, T b) -> (T y) {
    y = x1 * x2 + b;
}

// while, ?:, %, compound assignment, integer widths.
elementwise collatz_steps(int64 start) -> (int32 steps) {
    long long v = start;
    int s = 0;
    while (v != 1 && s < 1000) {
        v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
        s += 1;
    }
    steps = s;
}

// for with break, casts, a placeholder used in a cast.
elementwise clamp_sum<T: float32 | float64>(T x, T lo, T hi) -> (T y) {
    T acc = 0;
    for (int k = 0; k < 4; ++k) {
        acc += x * (T)k;
        if (acc > hi) break;
    }
    y = acc < lo ? lo : (acc > hi ? hi : acc);
}

// Math functions in both float types; a float32 output from float64 input.
elementwise math_mix(float64 x) -> (float64 a, float64 b, float32 c) {
    a = exp(-fabs(x)) + log1p(fabs(x)) + tanh(x);
    b = pow(fabs(x), 1.5) + floor(x) + ceil(x) + erf(x);
    c = (float)x * 2.0f - sinf((float)x);
}

// 16-bit floats in and out, computed in float32.
elementwise half_axpy(float16 x, float16 y, float32 a) -> (float16 z) {
    z = (half)(a * (float)x + (float)y);
}

// bool and uint8 outputs, bit operations.
elementwise bit_mix(int32 x) -> (bool even, uint8 bits) {
    even = (x & 1) == 0;
    bits = (uint8)(x ^ (x >> 3));
}

// do/while and the decrement operator.
elementwise count_down(int32 x) -> (int32 y) {
    int k = x % 17;
    do {
        k--;
    } while (k > 0);
    y = k;
}

// Reads its output: accumulates into the array passed for y, as CuPy's reference does.
elementwise accumulate(float32 x) -> (float32 y) {
    y += x;
}

// continue outside a loop ends the element; the output keeps what was assigned.
elementwise positive_part(float32 x) -> (float32 y) {
    y = 0;
    if (x < 0) continue;
    y = x;
}
