// The strided elementwise kernel whose PTX and SASS section 2 gives (gpucc --emit=ptx).
module e;
elementwise axpy<T: float32>(T x, T y, T a) -> (T z) {
    z = a * x + y;
}
