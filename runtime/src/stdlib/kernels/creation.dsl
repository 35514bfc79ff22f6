// The kernels behind array creation (runtime/src/stdlib/creation.cpp): full/zeros/ones (fill),
// arange, linspace and eye. Each writes an output the caller allocated; the loop index `i` is the
// element's position in C order. The host side computes every parameter (NumPy's length rule,
// arange's step in the array's type, linspace's step) and documents it next to the call.
module gpucc_stdlib_creation;

// Every element is `value` (already converted to T on the host by NumPy's assignment rules).
elementwise fill<T>(T value) -> (T y) {
    y = value;
}

// NumPy's integer arange: y[i] = start + i * delta in T's modular arithmetic, delta being the
// second element minus the first, both in T.
elementwise arange_integer<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T start, T delta) -> (T y) {
    y = start + T(i) * delta;
}

// NumPy's floating arange (its `fill` of the first two elements): y[0] = first, y[1] = second,
// then first + i * delta with delta = second - first. float16 and bfloat16 compute in float32,
// as NumPy's HALF_fill does.
elementwise arange_float32<T: float16 | bfloat16 | float32>(T first, T second, float32 delta)
    -> (T y) {
    if (i == 0) {
        y = first;
    } else if (i == 1) {
        y = second;
    } else {
        y = (float)first + (float)i * delta;
    }
}

elementwise arange_float64(float64 first, float64 second, float64 delta) -> (float64 y) {
    if (i == 0) {
        y = first;
    } else if (i == 1) {
        y = second;
    } else {
        y = first + (double)i * delta;
    }
}

// NumPy's linspace, computed in float64: i * step + start (i / div * delta + start when the step
// underflows to zero), floored for integer types, then converted to T. With the endpoint, the
// last element is `last`: stop converted to T as NumPy's y[-1] = stop, floor, astype does. The
// host has checked that the floored values fit an integer T.
elementwise linspace<T>(float64 start, float64 step, float64 delta, float64 div, bool step_is_zero,
                        bool set_last, T last, bool floor_values) -> (T y) {
    if (set_last && i == _ind.size() - 1) {
        y = last;
    } else {
        double v;
        if (step_is_zero) {
            v = (double)i / div * delta;
        } else {
            v = (double)i * step;
        }
        v += start;
        if (floor_values) {
            v = floor(v);
        }
        y = v;
    }
}

// A matrix of `columns` columns: `one` on the diagonal k places above the main one (below for
// negative k), zeros elsewhere.
elementwise eye<T>(int64 columns, int64 k, T one) -> (T y) {
    int64 row = i / columns;
    y = (i - row * columns - row == k) ? one : T(0);
}
