// Fused functions that call the module's own elementwise kernels, inlined, under differential
// test (fusion_kernel_calls_test.cpp): each is compared with the kernel called unfused through its
// own generated function, then the standard library's ufuncs and reductions, on random inputs
// over every type it compiles for. The kernel's C typing applies inside it (int8 wraps as in its
// own call), NumPy's around the call; literals take the bound type; the kernel's locals are
// renamed, so they may share the names of the fused body's values.
module fzk;

elementwise sq_diff<T: int8 | int32 | int64 | uint8 | uint16 | float16 | bfloat16 | float32 |
                       float64>(T x, T y) -> (T z) {
    T d = x - y;
    z = d * d;
}

// The issue's two examples: in an elementwise chain and in a reduction's operand.
fuse root_sq_diff(a, b) = sqrt(sq_diff(a, b) + 1);
fuse sum_sq_diff(a, b) = sum(sq_diff(a, b), axis = -1);
fuse sum_sq_diff_axis0(a, b) = sum(sq_diff(a, b), axis = 0, keepdims = true);

// Literal arguments: one takes the bound type T, one the fixed float64.
elementwise affine<T: float32 | float64>(T x, T scale, float64 shift) -> (T y) {
    y = x * scale + (T)shift;
}
fuse affine_twice(x) = affine(x, 3, 0.25) * 2;

// Locals named as the fused body's value, a loop, an inner scope shadowing the parameter.
elementwise horner<T: float32 | float64>(T x) -> (T y) {
    T acc = 0;
    for (int k = 3; k > 0; --k) {
        T scaled = acc * x;
        acc = scaled + (T)k;
    }
    {
        T x = acc;
        acc = x + 1;
    }
    y = acc;
}
fuse horner_of_binding(x) {
    acc = x * 0.5;
    return horner(acc) - acc;
}

// After the reduction: the kernel applied to the reduced value.
elementwise soft_sqrt<T: float32 | float64>(T s) -> (T r) {
    r = sqrt(s + (T)1);
}
fuse row_soft_norm(x) = soft_sqrt(sum(square(x), axis = 1));
