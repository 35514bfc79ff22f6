// Input of device_parts.test: more instances than one part holds (26), so the device code is
// assembled part by part, and a raw kernel whose PTX ptxas rejects, in the raw CUDA part.
module parts_bad_asm;

elementwise axpb<T>(T a, T x, T b) -> (T y) { y = a * x + b; }
elementwise twice<T>(T x) -> (T y) { y = x + x; }

raw cuda """
__global__ void bad(int* x) {
    asm volatile("not_an_instruction;");
    x[0] = 2;
}
""";
