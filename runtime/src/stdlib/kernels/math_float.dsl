// The math ufuncs defined only for floating types (gpucc/stdlib/ufunc.h): C's functions of the same name
// (CUDA's libdevice on the GPU, libm and glibc's vector math on the CPU). float16 and bfloat16
// compute in float32 and round once. Integer and bool inputs reach these through the loop NumPy
// picks (float16 for 8-bit integers, float32 for 16-bit ones, float64 for wider ones).
module gpucc_stdlib_math_float;

elementwise sqrt<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = sqrt(x);
}

elementwise cbrt<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = cbrt(x);
}

elementwise exp<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = exp(x);
}

elementwise exp2<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = exp2(x);
}

elementwise expm1<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = expm1(x);
}

elementwise log<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = log(x);
}

elementwise log2<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = log2(x);
}

elementwise log10<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = log10(x);
}

elementwise log1p<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = log1p(x);
}

elementwise sin<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = sin(x);
}

elementwise cos<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = cos(x);
}

elementwise tan<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = tan(x);
}

elementwise arcsin<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = asin(x);
}

elementwise arccos<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = acos(x);
}

elementwise arctan<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = atan(x);
}

elementwise sinh<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = sinh(x);
}

elementwise cosh<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = cosh(x);
}

elementwise tanh<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = tanh(x);
}

elementwise rint<T: float16 | bfloat16 | float32 | float64>(T x) -> (T y) {
    y = rint(x);
}

elementwise arctan2<T: float16 | bfloat16 | float32 | float64>(T x1, T x2) -> (T y) {
    y = atan2(x1, x2);
}
