// Fused functions under differential test (fusion_test.cpp): each is compared with the same
// computation done unfused through the standard library, on random inputs over every type it
// compiles for. First the elementwise program of language.md section 5 and the elementwise fuse
// example of tutorial 002 verbatim, then typed parameters, placeholders, weak literals, where,
// clip, astype, inf, the block form with local values and several results, and NumPy's %,
// floor_divide, power and shifts.
module fz;

fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));

fuse squared_diff(x, y) = (x - y) * (x - y);

// A float32 times a weak float stays float32; adding a float64 makes float64 (NumPy 2).
fuse scale_shift(float32 x, float64 y) = x * 0.5 + y;

fuse mixed_add<T: float32 | float64, U: int8 | int32 | uint16>(T a, U b) = a + b;

fuse clipped<T: int8 | int32 | uint8 | int64 | float16 | bfloat16 | float32 | float64>(T x, T lo,
                                                                                   T hi) =
    clip(x, lo, hi);

fuse relu(x) = where(x > 0, x, 0);

fuse logistic(x) = 1 / (1 + exp(-x));

fuse capped(x) = minimum(x, inf) + fmax(x, 1);

fuse halved(x) = astype(x, float32) / 2;

fuse stats(x, y) {
    d = x - y;
    s = x + y;
    return d * d, maximum(s, d), d > 0;
}

// NumPy's rules where C's differ: Python's rounding and signs, 0 for an integer divided by zero,
// integer powers, shift counts outside [0, 64). Floating types have no shift instances.
fuse python_arithmetic(x, y) {
    return x % y, floor_divide(x, y), mod(x, 3) - x % 5;
}

fuse raised(x, y) = power(x, y);

fuse shifts(x, s) = (x << s) | right_shift(x, s);
