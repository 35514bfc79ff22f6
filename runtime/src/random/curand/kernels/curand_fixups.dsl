// The GPU passes CuPy 14's RandomState runs after a cuRAND draw, so that gpucc's
// CuPy-compatible RandomState (runtime/src/random/curand/random_state.cpp) returns CuPy's values:
// cuRAND's uniforms lie in (0, 1] and CuPy maps 1.0 to 0; uniform(low, high) then scales in the
// dtype with one fused multiply-add (CuPy's `T(low) + x * T(high - low)`, contracted by NVRTC).
module gpucc_random_curand;

// 1.0 -> 0 in place. Reads every value and writes only the rare 1.0, so the pass costs a read
// of the array rather than a read and a write.
kernel curand_uniform_fix_one<T: float32 | float64>(T[] x) {
    int64 stride = (int64)gridsize(1);
    for (int64 k = (int64)grid(1); k < x.size; k += stride) {
        if (x[k] == T(1)) {
            x[k] = T(0);
        }
    }
}

// 1.0 -> 0, then low + u * range, in place (CuPy's random_sample followed by its scale kernel).
elementwise curand_uniform_scale<T: float32 | float64>(T low, T range) -> (T x) {
    T u = x == T(1) ? T(0) : x;
    x = fma(u, range, low);
}
