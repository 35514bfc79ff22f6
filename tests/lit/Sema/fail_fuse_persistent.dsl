// RUN: %gpucc --verify %s
// What several dependent reductions in one fused function cannot do, each at its place: reduce
// another axis than the first, every axis; combine a reduced value without keepdims with an array
// of the inputs' shape (NumPy would broadcast it against the rows, not along them); reduce a
// value that is already reduced; return several results. (Independent reductions over other
// axes: fail_fuse_multi_reduction.dsl.)
fuse other_axes(x) = sum(max(x, axis = 1), axis = 0); // expected-error {{'sum' reduces axis 0, but 'max' reduces axis 1; several reductions fuse into one kernel only over the same axis, written the same way}}
fuse every_axis(x) {
    m = max(x, axis = 1);
    return sum(x - m); // expected-error {{'sum' reduces every axis; several reductions fuse into one kernel only when each reduces one axis, the same one (a block per row of that axis)}}
}
fuse not_kept(x) = sum(x - max(x, axis = -1), axis = -1); // expected-error {{this combines an array of the inputs' shape with a reduced value without keepdims, which NumPy broadcasts against each other, not along the reduced axis: give the reduction keepdims = true}}
fuse reduced_operand(x) = sum(max(x, axis = 0, keepdims = true), axis = 0); // expected-error {{'sum' reduces a reduced value with keepdims; with several reductions, a reduction's operand must have the inputs' shape}}
fuse several(x) { // expected-error {{a fused function with several reductions has one result; this one has 2}}
    m = max(x, axis = 0, keepdims = true);
    return sum(x - m, axis = 0), m;
}
