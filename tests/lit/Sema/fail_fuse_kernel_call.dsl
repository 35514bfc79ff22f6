// RUN: %gpucc --verify %s
// A fused function calls the module's elementwise kernels inlined; what cannot be inlined is
// reported at the call, each naming the kernel and what stops it: a reduction or jit-style kernel,
// another fused function (not implemented yet), several outputs, a raw parameter, the element
// index (`i`, `_ind`) or a `continue` that would end the element, arrays of another type than the
// kernel's parameter (a call does not convert arrays), a placeholder bound to a type it does not
// list, or bound by no array, and the wrong number of arguments.
elementwise sq_diff<T: float32 | float64>(T x, T y) -> (T z) { T d = x - y; z = d * d; }
elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) { r = re; phi = im; }
elementwise gather<T: float32 | float64>(raw T table, int64 k) -> (T y) { y = table[k]; }
elementwise ramp(float32 x) -> (float32 y) {
    y = x + i; // expected-note 2 {{'i' is here, in 'ramp'}}
}
elementwise per_size(float32 x) -> (float32 y) {
    y = x / _ind.size(); // expected-note {{'_ind' is here, in 'per_size'}}
}
elementwise skip_negative(float32 x) -> (float32 y) {
    y = 0;
    if (x < 0) continue; // expected-note {{'continue' outside a loop is here, in 'skip_negative'}}
    y = x;
}
elementwise loop_continue(float32 x) -> (float32 y) {
    y = 0;
    for (int i = 0; i < 3; ++i) { if (i == 1) continue; y += x * i; }
}
elementwise widen<T: float32, U: float64>(T x) -> (U y) { y = x; }
reduction total(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }
kernel copy_kernel(float32[] x, float32[] y) { y[0] = x[0]; }
fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));

fuse calls_reduction(float32 x) = total(x); // expected-error {{'total' is a reduction kernel: a fused function can call only the module's elementwise kernels (inlined)}}
fuse calls_grid(float32 x) = copy_kernel(x, x); // expected-error {{'copy_kernel' is a jit-style kernel: a fused function can call only the module's elementwise kernels (inlined)}}
fuse calls_fuse(float32 x) = softplus(x) + 1; // expected-error {{calling the module's fused function 'softplus' from a fused function is not implemented yet}}
fuse two_outputs(float32 x) = polar(x, x); // expected-error {{'polar' has 2 outputs: a fused function can call only kernels with one output}}
fuse raw_param(float32 x) = gather(x, 1); // expected-error {{parameter 'table' of 'gather' is raw: a fused function cannot call a kernel with raw parameters}}
fuse index(float32 x) = ramp(x); // expected-error {{'ramp' uses 'i', which a fused function cannot inline (the kernel is called element by element, without the loop's index)}}
fuse size(float32 x) = per_size(x) * 2; // expected-error {{'per_size' uses '_ind', which a fused function cannot inline (the kernel is called element by element, without the loop's index)}}
fuse ends_element(float32 x) = skip_negative(x); // expected-error {{'skip_negative' uses 'continue' outside a loop, which a fused function cannot inline (the kernel is called element by element, without the loop's index)}}
fuse loop_is_fine(float32 x) = loop_continue(x) + 1;
fuse mixed(float32 x, float64 y) = sq_diff(x, y); // expected-error {{'y' of 'sq_diff' is T, bound to float32 by 'x', and this argument is float64: a call does not convert arrays (use astype)}}
fuse converted(float32 x, float64 y) = sq_diff(astype(y, float32), x);
fuse fixed_type(float64 x) = ramp(x); // expected-error {{'x' of 'ramp' is float32, and this argument is float64: a call does not convert arrays (use astype)}}
fuse unlisted(int32 x) = sq_diff(x, x); // expected-error {{'T' of 'sq_diff' is bound to int32 here, which is not one of its types (float32, float64)}}
fuse promoted(int32 x) = sq_diff(x * 0.5, x / 2); // float64 both: fine
fuse literals_only(float32 x) = sq_diff(1.5, 2) + x; // expected-error {{cannot infer 'T' of 'sq_diff': no array argument binds it (type placeholders are bound by arrays and computed values, not by literals)}}
fuse output_only(float32 x) = widen(x); // expected-error {{cannot infer 'U' of 'widen': no array argument binds it (type placeholders are bound by arrays and computed values, not by literals)}}
fuse arity(float32 x) = sq_diff(x); // expected-error {{function 'sq_diff' takes 2 arguments, but 1 was given}}
fuse integer_for_float(int8 x) = ramp(x); // expected-error {{'x' of 'ramp' is float32, and this argument is int8: a call does not convert arrays (use astype)}}
fuse in_reduction(float32 x) = sum(ramp(x), axis = 0); // expected-error {{'ramp' uses 'i', which a fused function cannot inline (the kernel is called element by element, without the loop's index)}}
