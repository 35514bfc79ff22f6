// Raw CUDA with errors, for diagnostic_format.test (line numbers matter).
module errors;
raw cuda """
extern "C" __global__ void k1(float* x) {
    x[0] = undefined_thing;
}
extern "C" __global__ void k2(float* x, int n) { x[0] = n + 1 }
""";
raw cuda file "missing.cu";
raw cuda file "bad_file.cu";
