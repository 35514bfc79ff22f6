// RUN: %gpucc --verify %s
// Each clause sees what it can use where the code generator runs it: the identity is a constant,
// the map sees the inputs, the reduce sees `a` and `b`, the post sees `a`, the outputs, the
// scalar inputs and its own locals.
reduction identity_names(float32 x, scalar float32 p) -> (float32 y) {
    identity: x; // expected-error {{'x' cannot be used in 'identity': the identity is a constant that seeds every partial result}}
    map: x; reduce: a + b;
}
reduction identity_names2(float32 x, scalar float32 p) -> (float32 y) {
    identity: p + a + _in_ind.size(); // expected-error {{'p' cannot be used in 'identity'}} expected-error {{'a' can only be used in 'reduce' and 'post'}} expected-error {{'_in_ind.size()' can only be used in 'map' and 'post'}}
    map: x; reduce: a + b;
}
reduction map_names(float32 x) -> (float32 y) {
    identity: 0;
    map: y + a + b; // expected-error {{output 'y' can only be used in 'post'}} expected-error {{'a' can only be used in 'reduce' and 'post'}} expected-error {{'b' can only be used in 'reduce'}}
    reduce: a + b;
}
reduction reduce_names(float32 x, scalar float32 p) -> (float32 y) {
    identity: 0; map: x;
    reduce: a + b * p + x + y; // expected-error {{'p' cannot be used in 'reduce', which combines two partial results 'a' and 'b'}} expected-error {{'x' cannot be used in 'reduce'}} expected-error {{'y' cannot be used in 'reduce'}}
}
reduction post_names<T: float32>(T x, scalar T p) -> (T y) {
    identity: 0; map: x; reduce: a + b;
    post:
        y = a * p + x; // expected-error {{input 'x' cannot be used in 'post', which runs once per output on the reduced value 'a'; declare it 'scalar T x' to pass one value for the whole reduction}}
        y = b; // expected-error {{'b' can only be used in 'reduce'}}
        a = 1; // expected-error {{cannot assign to 'a': the reduce operands are read-only}}
        float32 a = 2; // expected-error {{'a' cannot be declared here: 'a' is the reduced value (an inner block may declare its own 'a')}}
        p = 1; // expected-error {{cannot assign to input parameter 'p': inputs are read-only}}
        continue; // expected-error {{'continue' outside a loop: 'post' runs once per output and has no element to skip}}
        for (int32 k = 0; k < 2; ++k) { if (k == 1) continue; y += k; }
        { float32 a = 3; y = a; }
}
reduction special_names(float32 x) -> (float32 y) {
    identity: 0;
    map: x + i; // expected-error {{'i' is not defined in a reduction kernel: its elements are reduced in no fixed order}}
    reduce: a + b;
    post:
        y = _ind.size(); // expected-error {{'_ind' is not defined in a reduction kernel; use '_in_ind.size()' (input elements) or '_out_ind.size()' (output elements)}}
        y = _in_ind; // expected-error {{'_in_ind' can only be used as '_in_ind.size()'}}
        y = _out_ind.size; // expected-error {{'_out_ind.size' must be called, as in '_out_ind.size()'}}
        y = _out_ind.get(); // expected-error {{'_out_ind' has no member 'get'; the member calls are '_in_ind.size()' and '_out_ind.size()'}}
        y = _in_ind.size(2); // expected-error {{function '_in_ind.size' takes no arguments, but 1 was given}}
        y = x[0]; // expected-error {{'x' cannot be indexed: reduction kernels have no raw parameters yet}}
        y = a(1); // expected-error {{'a' is not a function}}
        y = aa; // expected-error {{use of undeclared identifier 'aa'; did you mean 'a'?}}
}
reduction map_typo(float32 value) -> (float32 y) {
    identity: 0;
    map: valeu; // expected-error {{use of undeclared identifier 'valeu'; did you mean 'value'?}}
    reduce: a + c; // expected-error {{use of undeclared identifier 'c'}}
}
elementwise no_reduce_type(float32 x) -> (float32 y) {
    y = _type_reduce(x); // expected-error {{unknown function '_type_reduce'}}
}
// `_J`, the position along the reduced axes, exists only where an element is mapped.
reduction position_names(float32 x) -> (int64 y) {
    identity: _J; // expected-error {{'_J' (the position along the reduced axes) can only be used in 'map'}}
    map: _J;
    reduce: a + b + _J; // expected-error {{'_J' (the position along the reduced axes) can only be used in 'map'}}
    post: y = _J; // expected-error {{'_J' (the position along the reduced axes) can only be used in 'map'}}
}
elementwise position_elementwise(float32 x) -> (int64 y) {
    y = _J; // expected-error {{use of undeclared identifier '_J'}}
}
