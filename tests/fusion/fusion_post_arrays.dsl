// Fused reductions whose post-operations read arrays, and axis tuples, under differential test
// (fusion_post_arrays_test.cpp): each is compared with the same computation done unfused through
// the standard library. A parameter read only after the reduction is read at each output element's
// coordinates, broadcast to the reduced shape (`sum(a, axis = 1) > b`, CuPy issue 9008's case).
module fzp;

// CuPy issue 9008: a row sum compared with an array of the reduced shape.
fuse row_sum_greater(a, b) = sum(a, axis = 1) > b;
// The issue's second form: a dot product along the last axis plus an array.
fuse dot_plus(x, y, c) = sum(x * y, axis = -1) + c;

// Every axis of a 3-D array, keepdims either way.
fuse sum_axis0_minus(x, b) = sum(x, axis = 0) - b;
fuse sum_axis1_plus(x, b) = sum(x, axis = 1) + b;
fuse sum_axis1_keep_times(x, b) = sum(x, axis = 1, keepdims = true) * b;
fuse sum_axis2_plus(x, b) = sum(x, axis = 2) + b;

// Two arrays after the reduction, one of them in a product; min and max, mean and the block form.
fuse max_plus_product(x, b, c) = max(x, axis = 0) + b * c;
fuse min_where(x, b, c) = where(min(x, axis = -1) < b, b, c);
fuse mean_minus(float32 x, float32 b) = mean(x, axis = 1) - b;
fuse norm_scaled(x, w) {
    s = sum(x * x, axis = 1);
    return s * w + 1;
}

// Axis tuples, as NumPy's `axis=(0, 2)`: positive, negative, unordered with keepdims, one element.
fuse sum_axes_0_2(x) = sum(x, axis = (0, 2));
fuse sum_axes_neg(x) = sum(x, axis = (-1, -2));
fuse max_axes_keep(x) = max(x, axis = (2, 0), keepdims = true);
fuse sum_axes_single(x) = sum(x, axis = (1,));
fuse mean_axes_plus(x, b) = mean(x, axis = (0, 1)) + b;
