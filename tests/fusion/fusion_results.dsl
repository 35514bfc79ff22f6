// Fused functions with a reduction and several results, under differential test
// (fusion_results_test.cpp): every result is derived from the one reduction (one reduction
// kernel, one pass, its post assigning each output), and values bound from literals before the
// reduction are read on both sides of it. Each is compared with the same computation done unfused
// through the standard library, on random inputs over every type it compiles for.
module fzm;

// The issue's example: the reduced value and a function of it.
fuse norm_and_sum(x) {
    s = sum(square(x), axis = 1);
    return s, sqrt(s);
}

// mean with keepdims, a literal binding read before and after the reduction, a bool result.
fuse mean_stats(x) {
    c = 0.5;
    m = mean(x * c, axis = 0, keepdims = true);
    return m, m / c, m > 0;
}

// Constant bindings built from each other, read in the chain and in the post-operations.
fuse scaled_max(x) {
    k = 3;
    twice_k = k * 2;
    return max(x + k, axis = -1) * twice_k;
}
