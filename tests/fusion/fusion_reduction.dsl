// Fused functions with a reduction under differential test (fusion_reduction_test.cpp): each is
// compared with the same computation done unfused through the standard library (gpucc::sum and
// the others), on random inputs over every type it compiles for. First the reduction program of
// language.md section 5 and tutorial 002 verbatim, then every reduction over every axis of a 3-D
// array, keepdims, post-operations on the reduced value, chains before the reduction that need
// temporaries (clip, maximum, power), and the block form.
module fzr;

fuse sum_of_products(x, y) = sum(x * y, axis = -1);

// Every axis of a 3-D array, negative axes, every axis at once, keepdims.
fuse sum_all(x) = sum(x);
fuse sum_axis0(x) = sum(x, axis = 0);
fuse sum_axis1(x) = sum(x, axis = 1);
fuse sum_axis_minus1(x) = sum(x, axis = -1);
fuse sum_keepdims(x) = sum(x, axis = -2, keepdims = true);
fuse sum_all_keepdims(x) = sum(x, axis = None, keepdims = true);

// Each reduction.
fuse prod_axis0(x) = prod(x, axis = 0);
fuse min_axis2(x) = min(x, axis = 2);
fuse amin_all(x) = amin(x);
fuse max_axis1(x) = max(x, axis = 1, keepdims = true);
fuse amax_axis0(x) = amax(x, axis = 0);
fuse mean_axis1(x) = mean(x, axis = 1);
fuse mean_all(x) = mean(x);
fuse all_positive(x) = all(x > 0, axis = -1);
fuse any_large(x, y) = any(x > y, axis = 0);

// Post-operations on the reduced value, with scalar constants.
fuse l2norm(x) = sqrt(sum(x * x, axis = 1));
fuse scaled_mean(x) = mean(x, axis = 0) * 2 + 1;
fuse sum_above(x) = sum(x, axis = -1) > 10;

// Chains before the reduction that the lowering computes into temporaries.
fuse clipped_sum(x, lo, hi) = sum(clip(x, lo, hi), axis = 1);
fuse relu_max(x, y) = max(maximum(x, y) - y, axis = 0);
fuse power_sum(x, y) = sum(power(x, y), axis = -1);

// The block form: values before the reduction feed it, values after it are post-operations.
fuse log_sum_exp_shifted(x, shift) {
    e = exp(x - shift);
    s = sum(e, axis = -1);
    return log(s) + 1;
}
