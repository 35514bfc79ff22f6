// Kernels the CPU benchmark times against NumPy on the development machine.
module cpubench;

elementwise add(float32 x, float32 y) -> (float32 z) {
    z = x + y;
}

elementwise squared_diff(float32 x, float32 y) -> (float32 z) {
    z = (x - y) * (x - y);
}

// NumPy needs six passes over memory for this (abs, negative, exp, log1p, maximum, add).
elementwise softplus(float32 x) -> (float32 y) {
    y = fmax(0.0f, x) + log1p(exp(-fabs(x)));
}
