// A raw CUDA file with a syntax error on line 4, for diagnostic_format.test.

extern "C" __global__ void k4(float* x) {
    x[0] = 1.0f +;
}
