// The math ufuncs (gpucc/stdlib/ufunc.h) that take every number type: abs, sign, floor/ceil/trunc
// (the identity on bool and integers, as current NumPy), maximum/minimum (NaN-propagating),
// fmax/fmin (NaN-ignoring), clip, isnan/isinf/isfinite. The floating-only functions (sqrt, exp,
// sin, ...) are in math_float.dsl. The formulas are NumPy's scalar loops, so ties and signed
// zeros come out as NumPy's: maximum(-0.0, 0.0) is -0.0 (the first argument when they compare
// equal). `T(0.5) != T(0) && T(0.5) != T(1)` is true only for floating T.
module gpucc_stdlib_math;

// abs of the most negative integer wraps to itself, as in NumPy.
elementwise absolute<T>(T x) -> (T y) {
    y = abs(x);
}

// 1, -1 or 0 by the sign; NaN stays NaN; -0.0 gives 0.0.
elementwise sign<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float16 |
                    bfloat16 | float32 | float64>(T x) -> (T y) {
    y = x > 0 ? T(1) : (x < 0 ? T(-1) : (x == 0 ? T(0) : x));
}

elementwise floor<T>(T x) -> (T y) {
    if (T(0.5) != T(0) && T(0.5) != T(1)) {
        y = floor(x);
    } else {
        y = x;
    }
}

elementwise ceil<T>(T x) -> (T y) {
    if (T(0.5) != T(0) && T(0.5) != T(1)) {
        y = ceil(x);
    } else {
        y = x;
    }
}

elementwise trunc<T>(T x) -> (T y) {
    if (T(0.5) != T(0) && T(0.5) != T(1)) {
        y = trunc(x);
    } else {
        y = x;
    }
}

// NaN in either argument gives NaN.
elementwise maximum<T>(T x1, T x2) -> (T y) {
    y = (x1 >= x2 || x1 != x1) ? x1 : x2;
}

elementwise minimum<T>(T x1, T x2) -> (T y) {
    y = (x1 <= x2 || x1 != x1) ? x1 : x2;
}

// NaN in one argument gives the other.
elementwise fmax<T>(T x1, T x2) -> (T y) {
    y = (x1 >= x2 || x2 != x2) ? x1 : x2;
}

elementwise fmin<T>(T x1, T x2) -> (T y) {
    y = (x1 <= x2 || x2 != x2) ? x1 : x2;
}

// minimum(maximum(x, low), high), NaN in any argument propagating (NumPy's _NPY_CLIP).
elementwise clip<T>(T x, T low, T high) -> (T y) {
    T raised = (x != x || x > low) ? x : low;
    y = (raised != raised || raised < high) ? raised : high;
}

elementwise isnan<T>(T x) -> (bool y) {
    y = x != x;
}

elementwise isinf<T>(T x) -> (bool y) {
    if (T(0.5) != T(0) && T(0.5) != T(1)) {
        y = isinf(x);
    } else {
        y = false;
    }
}

elementwise isfinite<T>(T x) -> (bool y) {
    if (T(0.5) != T(0) && T(0.5) != T(1)) {
        y = isfinite(x);
    } else {
        y = true;
    }
}
