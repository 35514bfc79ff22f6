// RUN: %gpucc --verify %s
// Misuses of the jit-style kernels' builtins, each reported where it is, checking going on.
kernel names(float32[] x, int32 n, uint32 u) {
    float32 a = threadIdx; // expected-error {{'threadIdx' has members x, y and z: write 'threadIdx.x'}}
    uint32 b = blockIdx.w; // expected-error {{'blockIdx' has no member 'w'; its members are x, y and z}}
    int64 c = x.length; // expected-error {{array 'x' has no member 'length'; its members are size, ndim, shape[k] and strides[k]}}
    int64 d = n.size; // expected-error {{'n' has no members: only arrays ('n.size', 'n.shape[k]') and threadIdx, blockIdx, blockDim, gridDim have members}}
    float32 e = x; // expected-error {{array parameter 'x' must be indexed, as in 'x[i]'}}
    float32 f = n[0]; // expected-error {{'n' is a scalar parameter and cannot be indexed; declare it 'int32[] n' to pass an array}}
    int64 g = i; // expected-error {{use of undeclared identifier 'i'}}
    n = 3; // expected-error {{cannot assign to input parameter 'n': inputs are read-only}}
    x[u] = x[1.5]; // expected-error {{array index must be an integer, not float64}}
}
kernel flat_arrays(float32[] x, int32 n) {
    int64 a = x.shape[0]; // expected-error {{'x.shape' needs the array's shape: declare it with its axes, as 'float32[:, :] x' (a 'T[]' array is C-contiguous and has only 'x.size')}}
    int64 b = x.ndim; // expected-error {{'x.ndim' needs the array's shape: declare it with its axes, as 'float32[:, :] x' (a 'T[]' array is C-contiguous and has only 'x.size')}}
    float32 c = x[0, 1]; // expected-error {{'x' is declared 'float32[] x' and takes one flat index; declare it with its axes, as 'float32[:, :] x', to index it 'x[i, j]'}}
    int64 d = n.shape[0]; // expected-error {{'n' has no members: only arrays ('n.size', 'n.shape[k]') and threadIdx, blockIdx, blockDim, gridDim have members}}
}
kernel ranked_arrays<T>(T[:, :] m, T[:] v, int32 k) {
    T a = m[0, 1, 2]; // expected-error {{'m' has 2 axes and takes 1 (flat, C order) or 2 subscripts, not 3}}
    int64 b = m.shape; // expected-error {{'m.shape' has one value per axis: read it as 'm.shape[k]'}}
    int64 c = m.strides[k]; // expected-error {{the axis in 'm.strides[k]' must be an integer constant from -2 to 1}}
    int64 d = m.shape[2]; // expected-error {{the axis in 'm.shape[k]' must be an integer constant from -2 to 1}}
    int64 e = v.shape[-2]; // expected-error {{the axis in 'v.shape[k]' must be an integer constant from -1 to 0}}
    m.shape[0] = 3; // expected-error {{expression is not assignable}}
    T f = m[0.5, 1]; // expected-error {{array index must be an integer, not float64}}
    shared T tile[16];
    T g = tile[1, 2]; // expected-error {{only ranked array parameters take several subscripts}}
    int64 h = m.shape[1] * v.strides[-1] + m.ndim + v.size;
    m[k, k + 1] = v[k] + m[k];
}
elementwise several(raw float32 x, int32 n) -> (float32 y) {
    y = x[n, n]; // expected-error {{only ranked array parameters take several subscripts}}
}
kernel calls(float32[] x, int32[] k, float64[] d) {
    float32 a = syncthreads(); // expected-error {{'syncthreads()' returns no value; call it as a statement}}
    syncthreads(1); // expected-error {{function 'syncthreads' takes 0 arguments, but 1 was given}}
    uint32 b = grid(4); // expected-error {{the argument of 'grid' must be the constant 1, 2 or 3}}
    uint32 c = grid(2); // expected-error {{'grid(2)' has one value per dimension: read it as 'grid(2).x' (and '.y')}}
    uint32 e = gridsize(2).z; // expected-error {{'gridsize(2)' has no member 'z'}}
    atomic_add(x[0], 1.0f); // expected-error {{the first argument of 'atomic_add' must be the address of an array element, as '&x[i]'}}
    atomic_min(&x[0], 1.0f); // expected-error {{'atomic_min' does not support float32 elements; it takes int32, uint32, int64 and uint64}}
    atomic_cas(&k[0], 1); // expected-error {{function 'atomic_cas' takes 3 arguments, but 2 were given}}
    float32 f = &x[0]; // expected-error {{'&' is only allowed on the first argument of an atomic, as in 'atomic_add(&x[i], v)'}}
    float64 g = shfl_sync(0xffffffff, d[0], 1.5); // expected-error {{invalid operand to 'shfl_sync' (float64): it needs an integer operand}}
    uint32 h = laneid(1); // expected-error {{function 'laneid' takes 0 arguments, but 1 was given}}
}
kernel shared_arrays(int32 n) {
    shared float32 a[n]; // expected-error {{the size of shared array 'a' must be a positive integer constant}}
    shared float32 b[0]; // expected-error {{the size of shared array 'b' must be a positive integer constant}}
    shared float32 c[64];
    float32 v = c; // expected-error {{shared array 'c' must be indexed, as in 'c[i]'}}
    shared float64 big[8192]; // expected-error {{the shared arrays of kernel 'shared_arrays' take 65792 bytes; static shared memory is limited to 49152 bytes (declare 'shared T name[];' and pass the size at launch for more)}}
    for (int32 k = 0; k < n; ++k) { continue; }
    continue; // expected-error {{'continue' outside a loop; use 'return;' to end the thread}}
}
kernel unbound<T>(T v, float32[] x) { } // expected-error {{type placeholder 'T' is not used by an array parameter; a kernel's placeholders take their types from its array arguments}}
kernel reserved(int32 threadIdx) { } // expected-error {{'threadIdx' cannot be a parameter name: it is a builtin of jit-style kernels}}
elementwise outside(float32 x) -> (float32 y) {
    y = threadIdx.x; // expected-error {{'threadIdx' is only available in jit-style kernels ('kernel' definitions)}}
    syncthreads(); // expected-error {{'syncthreads()' is only available in jit-style kernels ('kernel' definitions)}}
    shared float32 s[4]; // expected-error {{shared arrays are only available in jit-style kernels ('kernel' definitions)}}
    y = warpSize; // expected-error {{'warpSize' is only available in jit-style kernels ('kernel' definitions)}}
}
