// RUN: %gpucc --verify %s
// What a reduction must have: an identity (or `identity: none`), a map, a reduce, at least one
// output, a post when there are several outputs, an array input; what it may not have yet.
reduction no_identity(float32 x) -> (float32 y) { // expected-error {{reduction 'no_identity' has no 'identity' clause; write 'identity: none;' for a reduction without one (reducing zero elements is then an error)}}
    map: x;
    reduce: a + b;
}
reduction no_map(float32 x) -> (float32 y) { // expected-error {{reduction 'no_map' has no 'map' clause}}
    identity: 0;
    reduce: a + b;
}
reduction no_reduce(float32 x) -> (float32 y) { // expected-error {{reduction 'no_reduce' has no 'reduce' clause}}
    identity: 0;
    map: x;
}
reduction two_outputs(float32 x) -> (float32 y, float32 z) { // expected-error {{reduction 'two_outputs' has 2 outputs and no 'post' clause to assign them}}
    identity: 0; map: x; reduce: a + b;
}
reduction no_outputs(float32 x) -> () { // expected-error {{reduction kernel 'no_outputs' has no output parameter}}
    identity: 0; map: x; reduce: a + b;
}
reduction only_scalars(scalar float32 p) -> (float32 y) { // expected-error {{reduction 'only_scalars' has no array input to reduce}}
    identity: 0; map: p; reduce: a + b;
}
reduction no_inputs() -> (float32 y) { // expected-error {{reduction 'no_inputs' has no array input to reduce}}
    identity: 0; map: 1; reduce: a + b;
}
reduction scalar_output(float32 x) -> (scalar float32 y) { // expected-error {{output 'y' cannot be 'scalar': a reduction's outputs are arrays}}
    identity: 0; map: x; reduce: a + b;
}
reduction raw_input(raw float32 x) -> (float32 y) { // expected-error {{raw parameters are not supported in reduction kernels yet}}
    identity: 0; map: x[0]; reduce: a + b;
}
reduction everything_missing(float32 x) -> (float32 y, float32 z) { // expected-error {{has no 'identity' clause}} expected-error {{has no 'map' clause}} expected-error {{has no 'reduce' clause}} expected-error {{has 2 outputs and no 'post' clause}}
}
// Not errors: a post is optional with one output, and `identity: none` is an identity clause.
reduction fine(float32 x) -> (float32 y) { identity: none; map: x; reduce: a > b ? a : b; }
