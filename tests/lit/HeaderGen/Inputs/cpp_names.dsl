// Kernel and parameter names the generated header cannot use (cpp_names.test).
// expected-error@+1 {{kernel name 'union' cannot be used in the generated C++ header}}
elementwise union(float32 x) -> (float32 y) { y = x; }
// expected-error@+1 {{parameter name 'new' cannot be used in the generated C++ header}}
elementwise scale(float32 new) -> (float32 y) { y = new; }
elementwise fine(float32 axis) -> (float32 keepdims) { keepdims = axis; }
// expected-error@+1 {{kernel name 'delete' cannot be used in the generated C++ header}}
reduction delete(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }
// expected-error@+1 {{parameter name 'gpucc_launch' cannot be used in the generated C++ header}}
reduction sum(float32 x, scalar float32 gpucc_launch) -> (float32 y) {
    identity: 0;
    map:      x * gpucc_launch;
    reduce:   a + b;
}
// expected-error@+2 {{parameter name 'axis' of reduction 'norm' cannot be used}}
// expected-error@+1 {{parameter name 'keepdims' of reduction 'norm' cannot be used}}
reduction norm(float32 axis) -> (float32 keepdims) { identity: 0; map: axis; reduce: a + b; }
