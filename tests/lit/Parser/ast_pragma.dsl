// RUN: %gpucc --emit=ast %s | FileCheck --check-prefix=AST %s
// RUN: %gpucc --emit=ir %s | FileCheck --check-prefix=KIR %s
// `#pragma unroll`, `#pragma unroll N` and `#pragma unroll 1` before each kind of loop, in each
// kind of body with statements (elementwise, a reduction's post, a jit-style kernel): the syntax
// tree shows the pragma after the loop's location, the kernel IR on the line before the loop. An
// unknown pragma leaves nothing behind; a loop without a pragma shows none.
module pragmas;

elementwise loops(float32 x, int32 n) -> (float32 y) {
    y = x;
    #pragma unroll
    for (int32 k = 0; k < 8; ++k) { y += x; }
#pragma unroll 4
    while (n > 0) { y += 1; break; }
    #pragma unroll 1
    do { y -= 1; } while (y > 100);
    for (int32 k = 0; k < n; ++k) { y *= 2; }
}

reduction post_loop(float32 x) -> (float32 y) {
    identity: 0;
    map: x;
    reduce: a + b;
    post: {
        y = a;
        #pragma unroll 3
        for (int32 k = 0; k < 3; ++k) { y = y * 2; }
    }
}

kernel grid_loop(float32[] x) {
    #pragma ivdep
    #pragma unroll 16
    for (int32 k = 0; k < 16; ++k) { x[threadIdx.x * 16 + k] = k; }
}

// AST:      For <12:5> #pragma unroll
// AST:      While <14:5> #pragma unroll 4
// AST:      DoWhile <16:5> #pragma unroll 1
// AST:      For <17:5>{{$}}
// AST:      For <27:9> #pragma unroll 3
// AST:      Empty <32:5>
// AST-NEXT: For <34:5> #pragma unroll 16

// KIR-LABEL: elementwise loops
// KIR:      #pragma unroll{{$}}
// KIR-NEXT: for
// KIR:      #pragma unroll 4
// KIR-NEXT: while (gt:bool
// KIR:      #pragma unroll 1
// KIR-NEXT: do
// KIR-NOT:  #pragma
// KIR-LABEL: reduction post_loop
// KIR:      #pragma unroll 3
// KIR-NEXT: for
// KIR-LABEL: kernel grid_loop
// KIR:      #pragma unroll 16
// KIR-NEXT: for
