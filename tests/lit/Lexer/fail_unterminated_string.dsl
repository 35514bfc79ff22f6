// RUN: %gpucc --verify %s
// expected-error@+1 {{unterminated string literal}}
"no closing quote
elementwise k(float32 x) -> (float32 y) { y = x; }
// expected-error@+2 {{unterminated string literal}}
// expected-error@+1 {{raw CUDA kernels ('raw cuda') are not implemented yet}}
raw cuda """ never closed
