// Kernel and parameter names the generated header cannot use (cpp_names.test).
elementwise union(float32 x) -> (float32 y) { y = x; }
elementwise scale(float32 new) -> (float32 y) { y = new; }
elementwise fine(float32 axis) -> (float32 keepdims) { keepdims = axis; }
reduction delete(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }
reduction sum(float32 x, scalar float32 gpucc_launch) -> (float32 y) {
    identity: 0;
    map:      x * gpucc_launch;
    reduce:   a + b;
}
reduction norm(float32 axis) -> (float32 keepdims) { identity: 0; map: axis; reduce: a + b; }
