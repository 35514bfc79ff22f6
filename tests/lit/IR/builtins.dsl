// RUN: %gpucc --emit=ir %s | FileCheck %s
// Math builtins: float32 when every floating argument is at most float32 (half computes in
// float32), float64 when one is float64 or all are integers; abs/min/max of integers stay
// integer; CUDA's ...f names compute in float32; predicates return bool.
elementwise math(float16 h, float32 f, float64 d, int32 n, uint32 u, int8 c) -> (float32 y, bool p) {
    y = sqrt(h);
    // CHECK: expr (assign:float32 y:float32 (call sqrt:float32 (cast:float32 h:float16)))
    y = pow(f, 2);
    // CHECK-NEXT: (call pow:float32 f:float32 (cast:float32 2:int32))
    y = pow(f, d);
    // CHECK-NEXT: (cast:float32 (call pow:float64 (cast:float64 f:float32) d:float64))
    y = exp(n);
    // CHECK-NEXT: (cast:float32 (call exp:float64 (cast:float64 n:int32)))
    y = expf(d);
    // CHECK-NEXT: (call exp:float32 (cast:float32 d:float64))
    y = fabsf(h) + fminf(f, n) + atan2f(f, f) + fma(f, f, h);
    // CHECK-NEXT: (call fabs:float32 (cast:float32 h:float16)) (call fmin:float32 f:float32 (cast:float32 n:int32))) (call atan2:float32 f:float32 f:float32)) (call fma:float32 f:float32 f:float32 (cast:float32 h:float16))
    y = abs(c) + min(n, u) + max(c, c);
    // CHECK-NEXT: (cast:uint32 (call abs:int32 (cast:int32 c:int8))) (call min:uint32 (cast:uint32 n:int32) u:uint32)) (cast:uint32 (call max:int32 (cast:int32 c:int8) (cast:int32 c:int8)))
    y = abs(f) + max(f, n);
    // CHECK-NEXT: (add:float32 (call abs:float32 f:float32) (call max:float32 f:float32 (cast:float32 n:int32)))
    p = isnan(f) || signbit(d) || isinf(h) || isfinite(n);
    // CHECK-NEXT: (call isnan:bool f:float32) (call signbit:bool d:float64)) (call isinf:bool (cast:float32 h:float16))) (call isfinite:bool (cast:float64 n:int32))
}
