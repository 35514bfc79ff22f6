// RUN: %gpucc --verify %s
// expected-error@+1 {{unterminated string literal}}
"no closing quote
elementwise k(float32 x) -> (float32 y) { y = x; }
// expected-error@+1 {{unterminated string literal}}
raw cuda """ never closed
