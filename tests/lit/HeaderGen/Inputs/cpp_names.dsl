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
// The header's device images share the kernel tables' namespace (image, image_1, ...): no kernel
// may take those names; a parameter may, and so may a kernel named image_x.
// expected-error@+1 {{kernel name 'image' cannot be used in the generated C++ header}}
elementwise image(float32 x) -> (float32 y) { y = x; }
// expected-error@+1 {{kernel name 'image_3' cannot be used in the generated C++ header}}
reduction image_3(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }
elementwise image_x(float32 image) -> (float32 images) { images = image; }
