// RUN: %gpucc --verify %s
// What a fused function with a reduction cannot do, each at its place: a second reduction, a
// reduction inside another's operand, an axis
// that is not a constant or out of every array's range, a keepdims that is not true or false, an
// unknown argument, a value bound before the reduction read after it (not supported yet),
// several results. (A parameter read after the reduction is a post array: fail_fuse_post_arrays.)
fuse two(x) = sum(x, axis = 0) + max(x, axis = 0); // expected-error {{a fused function computes at most one reduction; 'max' is a second one (compute it with the standard library, or in another fused function)}}
fuse nested(x) = sum(max(x, axis = 1), axis = 0); // expected-error {{'max' is inside the operand of a reduction, and is one or reads one's result; a fused function computes at most one reduction}}
fuse nested_binding(x) {
    m = max(x, axis = 1);
    return sum(x - m); // expected-error {{a fused function computes at most one reduction; 'sum' is a second one (compute it with the standard library, or in another fused function)}}
}
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
fuse several(x) { // expected-error {{a fused function with a reduction has one result; this one has 2}}
    return sum(x), x;
}
