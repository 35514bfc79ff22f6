// RUN: %gpucc --emit=ir %s | FileCheck %s
// language.md section 1: two outputs, if/else, math builtins in the instance's type, and the
// literal 0 converted to T by visible casts.
elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) {
    r = sqrt(re * re + im * im);
    if (r == 0) { phi = 0; } else { phi = atan2(im, re); }
}
// CHECK-LABEL: instance polar__float32 [T = float32]
// CHECK-NEXT:     param 0 re: float32 input
// CHECK-NEXT:     param 1 im: float32 input
// CHECK-NEXT:     param 2 r: float32 output
// CHECK-NEXT:     param 3 phi: float32 output
// CHECK-NEXT:     body {
// CHECK-NEXT:       expr (assign:float32 r:float32 (call sqrt:float32 (add:float32 (mul:float32 re:float32 re:float32) (mul:float32 im:float32 im:float32))))
// CHECK-NEXT:       if (eq:bool r:float32 (cast:float32 0:int32))
// CHECK-NEXT:         {
// CHECK-NEXT:           expr (assign:float32 phi:float32 (cast:float32 0:int32))
// CHECK-NEXT:         }
// CHECK-NEXT:       else
// CHECK-NEXT:         {
// CHECK-NEXT:           expr (assign:float32 phi:float32 (call atan2:float32 im:float32 re:float32))
// CHECK-NEXT:         }
// CHECK-NEXT:     }
// CHECK-LABEL: instance polar__float64 [T = float64]
// CHECK:            expr (assign:float64 r:float64 (call sqrt:float64
// CHECK:            if (eq:bool r:float64 (cast:float64 0:int32))
// CHECK:            expr (assign:float64 phi:float64 (call atan2:float64 im:float64 re:float64))
