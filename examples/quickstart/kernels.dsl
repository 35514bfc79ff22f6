// The elementwise kernels of the gpucc language sketch (language.md, section 1).
module demo;

elementwise squared_diff(float32 x, float32 y) -> (float32 z) {
    z = (x - y) * (x - y);
}

elementwise squared_diff_generic<T: float32 | float64>(T x, T y) -> (T z) {
    T diff = x - y;
    z = diff * diff;
}

// y[i] = x1[i] * x2[i] + B, with a scalar parameter
elementwise mul_add<T: float32 | float64>(T x1, T x2, T b) -> (T y) {
    y = x1 * x2 + b;
}

// `raw` parameters are indexed freely; `i` is the element index, `_ind.size()` the loop size
elementwise reverse<T>(raw T x) -> (T y) {
    y = x[_ind.size() - i - 1];
}

// two outputs, C control flow, math functions
elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) {
    r = sqrt(re * re + im * im);
    if (r == 0) { phi = 0; } else { phi = atan2(im, re); }
}
