// RUN: %gpucc --verify %s
// What a fused function with a reduction cannot do, each at its place (several reductions:
// fail_fuse_persistent.dsl): an axis
// that is not a constant or out of every array's range, a keepdims that is not true or false, an
// unknown argument, a value bound from arrays feeding the reduction read after it (not supported
// yet). (A parameter read after the reduction is a post array: fail_fuse_post_arrays; several
// independent reductions: fail_fuse_multi_reduction.)
fuse axis_name(x, y) = sum(x, axis = y); // expected-error {{'axis' of 'sum' must be an integer constant, a tuple of them, or None for every axis}}
fuse axis_range(x) = sum(x, axis = 32); // expected-error {{axis 32 is out of range: arrays have at most 32 dimensions (NumPy raises an AxisError)}}
fuse axis_negative_range(x) = mean(x, axis = -33); // expected-error {{axis -33 is out of range: arrays have at most 32 dimensions (NumPy raises an AxisError)}}
fuse keepdims_value(x) = prod(x, keepdims = 1); // expected-error {{'keepdims' of 'prod' must be true or false}}
fuse unknown_argument(x) = all(x, axes = 0); // expected-error {{'all' takes the array, then 'axis' and 'keepdims'; 'axes' is not one of them}}
fuse no_operand(x) = any(axis = 0); // expected-error {{'any' needs the array to reduce}}
fuse binding_after(x) {
    t = x * 2;
    s = sum(t, axis = 0);
    return s + t; // expected-error {{'t' is an array of the inputs' shape: reading it after the reduction (broadcast to the reduced shape) is not supported yet}}
}
fuse several(x) {
    return sum(x), x; // expected-error {{'x' is read both by the reduction's operand and after it; the result would have the inputs' shape (the reduced value broadcast back), which a fused reduction does not compute yet: pass the array twice, as two parameters, if the one read after should be broadcast to the reduced shape}}
}
fuse bound_array_read_after(x) {
    c = 2;
    t = x * c;
    s = sum(t, axis = 0);
    return s * c, s + t; // expected-error {{'t' is an array of the inputs' shape}}
}
