// RUN: %gpucc --verify %s
// What several independent reductions of one fused function (one pass, a tuple reduce type)
// cannot do, each at its place: reduce other axes than the first reduction, the same axis spelled
// otherwise, or the same axes with keepdims given differently (the results would have other
// shapes); be more than eight.
fuse other_axes(x) {
    return sum(x, axis = 1), max(x, axis = 0); // expected-error {{'max' reduces axis 0, but 'sum' (line 7) reduces axis 1; several reductions of a fused function reduce in one pass only over the same axes: compute them in separate fused functions}}
}
fuse spelled_apart(x) = sum(x, axis = -1) + max(x, axis = 1); // expected-error {{'max' reduces axis 1, but 'sum' (line 9) reduces axis -1; several reductions}}
fuse kept_and_not(x) = max(x, axis = 0, keepdims = true) + sum(x, axis = 0); // expected-error {{'sum' reduces axis 0, but 'max' (line 10) reduces axis 0 with keepdims; several reductions}}
fuse tuple_and_every(x) {
    s = sum(x, axis = (0, 1));
    return s, min(x); // expected-error {{'min' reduces every axis, but 'sum' (line 12) reduces axes (0, 1); several reductions}}
}
fuse nine(x) {
    return sum(x), prod(x), min(x), max(x), mean(x), all(x), any(x), amin(x), amax(x); // expected-error {{'amax' is one reduction too many: one pass computes at most 8 independent reductions}}
}
// argmin/argmax and var/std take several components; 8 in all.
fuse too_wide(x) {
    return var(x), std(x), sum(x), argmax(x); // expected-error {{'argmax' is one reduction too many: one pass computes at most 8 independent reductions}}
}
fuse ddof_name(x, d) = var(x, axis = 0, ddof = d); // expected-error {{'ddof' of 'var' must be an integer constant from 0 to 999}}
fuse ddof_negative(x) = std(x, ddof = -1); // expected-error {{'ddof' of 'std' must be an integer constant from 0 to 999}}
fuse ddof_elsewhere(x) = sum(x, ddof = 1); // expected-error {{'sum' takes the array, then 'axis' and 'keepdims'; 'ddof' is not one of them}}
fuse var_positional(x) = var(x, 0, true); // expected-error {{'var' takes the array, then 'axis' and 'keepdims'; argument 3 is not one of them}}
// Dependent reductions go to the persistent kernel, which has no argmin/argmax or var/std.
fuse dependent_argmax(x) = argmax(x - max(x, axis = 1, keepdims = true), axis = 1); // expected-error {{'argmax' cannot be one of several dependent reductions (a reduction reading another's result): compute it in a separate fused function}}
