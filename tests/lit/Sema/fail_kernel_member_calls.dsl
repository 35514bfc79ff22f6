// RUN: %gpucc --verify %s
// A jit-style kernel has no member calls: its threads are not elements, so `_ind` does not exist
// (dsl/reference.md: "`i` and `_ind` mean nothing"), and an array's size is `x.size`, read
// without a call. `_ind.size()` here once reached code generation and crashed gpucc.
kernel member_calls(float32[] x, int32 n) {
    x[0] = _ind.size(); // expected-error {{'_ind.size()' is not defined in a jit-style kernel: there is no '_ind', and an array's members are read without a call ('x.size', 'x.shape[k]')}}
    x[1] = _ind.size; // expected-error {{use of undeclared identifier '_ind'}}
    x[2] = x.size(); // expected-error {{'x.size()' is not defined in a jit-style kernel}}
    float32 q = 1;
    x[3] = q.size(); // expected-error {{'q.size()' is not defined in a jit-style kernel}}
    x[4] = _in_ind.size(); // expected-error {{'_in_ind.size()' is not defined in a jit-style kernel}}
    x[5] = x.size + n;
}
