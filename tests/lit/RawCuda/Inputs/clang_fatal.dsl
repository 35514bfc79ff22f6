module fatal;

raw cuda """
#pragma clang __debug llvm_fatal_error
__global__ void k(int* x) { x[0] = 1; }
""";
