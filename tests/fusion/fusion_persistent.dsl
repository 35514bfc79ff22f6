// Fused functions with several reductions over one axis (a block per row, one launch):
// fusion_persistent_test.cpp checks each against the standard library, unfused.
module persistent;

fuse softmax(x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}

fuse logsumexp(x) {
    m = max(x, axis = -1, keepdims = true);
    return log(sum(exp(x - m), axis = -1)) + max(x, axis = -1);
}

fuse variance(x) = mean(square(x - mean(x, axis = -1, keepdims = true)), axis = -1);

fuse softmax_axis0<T: float32 | float64>(T x) {
    m = max(x, axis = 0, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = 0, keepdims = true);
}

fuse variance_kept<T: float32 | float64>(T x) =
    mean(square(x - mean(x, axis = 1, keepdims = true)), axis = 1, keepdims = true);

// Two inputs held per column (4 + 4 or 8 + 8 bytes per element: fewer columns per thread), the
// second broadcast along the rows in the tests.
fuse scaled_softmax<T: float32 | float64>(T x, T w) {
    y = x * w;
    m = max(y, axis = -1, keepdims = true);
    e = exp(y - m);
    return e / sum(e, axis = -1, keepdims = true);
}
