// RUN: %gpucc --verify %s
// `#pragma unroll` and `#pragma unroll N` before a loop are the only directives: the pragma must be
// followed by a loop, N must be an integer literal from 1 to 2147483647, an unknown pragma is
// warned about and ignored (as CUDA's compilers do), and any other '#' is an error naming it.
// gpucc goes on after each, so every mistake of the file is reported.
#include "other.dsl" // expected-error {{'#include' is not part of the language: the only directive is '#pragma unroll' on the line before a loop}}
elementwise not_loop(float32 x) -> (float32 y) {
    #pragma unroll
    y = x; // expected-error {{'#pragma unroll' must be followed by a 'for', 'while' or 'do' loop, found identifier 'y'}}
    #pragma unroll 4
    { y += 1; } // expected-error {{'#pragma unroll' must be followed by a 'for', 'while' or 'do' loop, found '{'}}
    #pragma unroll
    if (x > 0) { y += 1; } // expected-error {{'#pragma unroll' must be followed by a 'for', 'while' or 'do' loop, found 'if'}}
    #pragma unroll
    #pragma unroll 2 // expected-error {{'#pragma unroll' must be followed by a 'for', 'while' or 'do' loop, found '#'}}
    for (int32 k = 0; k < 2; ++k) { y += 1; }
}
elementwise counts(float32 x, int32 n) -> (float32 y) {
    y = x;
    #pragma unroll 0 // expected-error {{'#pragma unroll' takes a positive integer literal no larger than 2147483647, found integer literal '0'}}
    for (int32 k = 0; k < n; ++k) { y += 1; }
    #pragma unroll -4 // expected-error {{'#pragma unroll' takes a positive integer literal no larger than 2147483647, found '-4'}}
    for (int32 k = 0; k < n; ++k) { y += 1; }
    #pragma unroll n // expected-error {{found identifier 'n'}}
    while (n > 0) { y += 1; }
    #pragma unroll 2147483648 // expected-error {{found integer literal '2147483648'}}
    do { y += 1; } while (y < 0);
    #pragma unroll 2.5 // expected-error {{found floating literal '2.5'}}
    for (;;) { break; }
    #pragma unroll 4 4 // expected-error {{found '4 4'}}
    for (;;) { break; }
    #pragma unroll 0x10 4u // expected-error {{found '0x10 4u'}}
    for (;;) { break; }
    #pragma unroll 2147483647
    for (int32 k = 0; k < n; ++k) { y += 1; }
}
elementwise unknown(float32 x) -> (float32 y) {
    #pragma omp parallel for // expected-warning {{unknown pragma '#pragma omp parallel for' ignored: the only pragma is 'unroll'}}
    y = x;
    #pragma // expected-warning {{unknown pragma '#pragma' ignored}}
    y += 1;
    #pragma once // expected-warning {{unknown pragma '#pragma once' ignored}}
}
elementwise stray(float32 x) -> (float32 y) {
    #define TWO 2 // expected-error {{'#define' is not part of the language}}
    y = x;
}
elementwise stray_if(float32 x) -> (float32 y) {
    #if 0 // expected-error {{'#if' is not part of the language}}
    y = x;
}
elementwise stray_expr(float32 x) -> (float32 y) {
    y = x + #x; // expected-error {{'#x' is not part of the language}}
}
kernel at_block_end(float32[] x) {
    x[threadIdx.x] = 1;
    #pragma unroll 2
} // expected-error {{'#pragma unroll' must be followed by a 'for', 'while' or 'do' loop, found '}'}}
