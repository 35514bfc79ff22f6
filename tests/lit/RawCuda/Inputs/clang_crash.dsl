module crash;

raw cuda """
#pragma clang __debug crash
__global__ void k(int* x) { x[0] = 1; }
""";

raw cuda """
__global__ void k2(int* x) { x[0] = undefined_after_crash; }
""";
