// Kernels of the reduction benchmark: a copy for the bandwidth ceiling, a sum and language.md's
// l2norm.
module rb;

elementwise copy(float32 x) -> (float32 y) { y = x; }

reduction total(float32 x) -> (float32 y) {
    identity: 0;
    map: x;
    reduce: a + b;
}

reduction l2norm(float32 x) -> (float32 y) {
    identity: 0;
    map: x * x;
    reduce: a + b;
    post: y = sqrt(a);
}
