// The fused functions of bench/fusion_bench.cpp: language.md section 5's softplus and
// sum_of_products verbatim, CuPy issue 9008's row_sum_greater, softplus over float32 only (one
// instance), and a fused copy (the ceiling measured through the same generated path); softmax and
// log-sum-exp over rows (several reductions over one axis: one kernel, a block per row).
module fb;

fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));

fuse softplus32(float32 x) = maximum(0, x) + log1p(exp(-abs(x)));

fuse copy32(float32 x) = x;

fuse sum_of_products(x, y) = sum(x * y, axis = -1);

fuse softmax(float32 x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}

fuse logsumexp(float32 x) {
    m = max(x, axis = -1, keepdims = true);
    return log(sum(exp(x - m), axis = -1)) + max(x, axis = -1);
}

// CuPy issue 9008's case: a row sum compared with an array of the reduced shape (one launch), and
// the plain row sum it is measured against.
fuse row_sum_greater(a, b) = sum(a, axis = 1) > b;
fuse row_sum(a) = sum(a, axis = 1);

// An elementwise kernel, for the host time of one call next to a fused one.
elementwise add32(float32 a, float32 b) -> (float32 c) {
    c = a + b;
}

// The same addition as a fused function (one float32 instance, as add32): the host time of a
// fused call against an elementwise call doing the same work.
fuse add32_fused(float32 a, float32 b) = a + b;
