// The fused functions of bench/fusion_bench.cpp: language.md section 5's softplus and
// sum_of_products verbatim, CuPy issue 9008's row_sum_greater, softplus over float32 only (one instance), and a fused copy (the
// ceiling measured through the same generated path).
module fb;

fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));

fuse softplus32(float32 x) = maximum(0, x) + log1p(exp(-abs(x)));

fuse copy32(float32 x) = x;

fuse sum_of_products(x, y) = sum(x * y, axis = -1);

// CuPy issue 9008's case: a row sum compared with an array of the reduced shape (one launch), and
// the plain row sum it is measured against.
fuse row_sum_greater(a, b) = sum(a, axis = 1) > b;
fuse row_sum(a) = sum(a, axis = 1);

// An elementwise kernel, for the host time of one call next to a fused one.
elementwise add32(float32 a, float32 b) -> (float32 c) {
    c = a + b;
}
