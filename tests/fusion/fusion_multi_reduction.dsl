// Fused functions with several independent reductions over the same axes, under differential test
// (fusion_multi_reduction_test.cpp): one reduction kernel whose reduce type is a tuple, one
// component per reduction, so that the inputs are read once and every result is written by the
// one post. Each result is compared with the same computation done unfused through the standard
// library, on random inputs over every type it compiles for.
module fmr;

// The issue's example: two results, each with its own reduction.
fuse sum_and_max(x) {
    return sum(x, axis = 1), max(x, axis = 1);
}

// The block form: a binding feeding one reduction, mean and a sum of squares, keepdims.
fuse mean_and_square_sum(x) {
    sq = x * x;
    m = mean(x, axis = 0, keepdims = true);
    return m, sum(sq, axis = 0, keepdims = true);
}

// Every axis (axis = None): four reductions, a bool one among them.
fuse everywhere(x) {
    return min(x), max(x), sum(x), any(x > 0);
}

// Two reductions in one result over an axis tuple, combined with a post array.
fuse spread_plus(x, b) {
    return max(x, axis = (0, 2)) - min(x, axis = (0, 2)) + b;
}

// Two operands: the dot product of rows and each row's sum, prod over a short axis.
fuse dot_and_sums(x, y) {
    return sum(x * y, axis = -1), sum(x, axis = -1), sum(y, axis = -1);
}

// A value bound from a parameter before the reduction and read only after it.
fuse above_doubled(x, b) {
    c = b * 2;
    return sum(x, axis = 1) > c;
}

// argmin and argmax (each two components: the extreme and its position) with a sum, over rows.
fuse arg_extremes(x) {
    return argmax(x, axis = 1), argmin(x, axis = 1), sum(x, axis = 1);
}

// Over every axis: the flattened index, in C order of the (possibly transposed) array.
fuse flat_argmax(x) = argmax(x);

// Of an expression, with keepdims.
fuse nearest_kept(x, c) = argmin(abs(x - c), axis = 0, keepdims = true);

// var and std (each three components: the count, the mean and M2, merged by Chan's formulas),
// with ddof, next to a mean: seven components, one pass.
fuse spread(x) {
    return var(x, axis = 1), std(x, axis = 1, ddof = 1), mean(x, axis = 1);
}

// Every axis, and keepdims with a larger ddof.
fuse var_every(x) = var(x);
fuse std_kept(x) = std(x, axis = 0, keepdims = true, ddof = 2);
