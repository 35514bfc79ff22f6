// RUN: %gpucc --verify %s
// The error points at the opening '/*'; lexing stops at the end of the file.
// expected-error@+1 {{unterminated /* comment}}
/* this comment never ends
elementwise k(float32 x) -> (float32 y) { y = x; }
