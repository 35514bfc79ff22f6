// RUN: %gpucc --verify %s
// Arrays read after a fused reduction and axis tuples, what cannot be: a parameter read both by
// the reduction's operand and after it (its result would have the inputs' shape), a parameter
// named like the reduced value; an axis tuple with a repeated axis, a non-constant or
// out-of-range element, no element; a tuple anywhere but the axis.
fuse both_sides(x) = sum(x, axis = 1) - x; // expected-error {{'x' is read both by the reduction's operand and after it; the result would have the inputs' shape (the reduced value broadcast back), which a fused reduction does not compute yet: pass the array twice, as two parameters, if the one read after should be broadcast to the reduced shape}}
fuse both_sides_first(x, y) = x + sum(x * y, axis = 0); // expected-error {{'x' is read both by the reduction's operand and after it; the result would have the inputs' shape (the reduced value broadcast back), which a fused reduction does not compute yet: pass the array twice, as two parameters, if the one read after should be broadcast to the reduced shape}}
fuse duplicate(x) = sum(x, axis = (0, 0)); // expected-error {{duplicate value in 'axis': 0 is given more than once (NumPy raises a ValueError)}}
fuse duplicate_negative(x) = max(x, axis = (-1, 1, -1)); // expected-error {{duplicate value in 'axis': -1 is given more than once (NumPy raises a ValueError)}}
fuse tuple_name(x, y) = sum(x, axis = (0, y)); // expected-error {{'axis' of 'sum' must be an integer constant, a tuple of them, or None for every axis}}
fuse tuple_range(x) = prod(x, axis = (1, -40)); // expected-error {{axis -40 is out of range: arrays have at most 32 dimensions (NumPy raises an AxisError)}}
fuse tuple_empty(x) = mean(x, axis = ()); // expected-error {{'axis' of 'mean' is an empty tuple (NumPy then reduces nothing); a fused reduction reduces at least one axis: give one, or None for every axis}}
fuse tuple_value(x) = x + (1, 2); // expected-error {{a tuple is allowed only as the 'axis' of a reduction in a fused function}}
fuse tuple_in_reduction(x) = sum(x * (1, 2), axis = 0); // expected-error {{a tuple is allowed only as the 'axis' of a reduction in a fused function}}
