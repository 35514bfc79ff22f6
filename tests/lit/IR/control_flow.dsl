// RUN: %gpucc --emit=ir %s | FileCheck %s
// Statements: declarations (one per variable), scopes and shadowing (locals are numbered),
// loops, break/continue, compound assignment with its computation type, ++/--.
elementwise flow(int32 n, raw float32 x) -> (float32 y) {
    float32 acc = 0, scale;
    for (int32 k = 0, m = n; k < m; ++k) {
        if (k % 2) continue;
        float32 acc = x[k];
        y += acc;
    }
    int16 s = 1;
    s <<= 2;
    s *= 1.5;
    while (true) { break; }
    do { scale = acc--; } while (scale > 0);
    for (;;) { break; }
    y = n > 0 ? acc : scale;
}
// CHECK:        instance flow
// CHECK-NEXT:     param 0 n: int32 input
// CHECK-NEXT:     param 1 x: float32 input raw
// CHECK-NEXT:     param 2 y: float32 output
// CHECK-NEXT:     local %0 acc: float32
// CHECK-NEXT:     local %1 scale: float32
// CHECK-NEXT:     local %2 k: int32
// CHECK-NEXT:     local %3 m: int32
// CHECK-NEXT:     local %4 acc: float32
// CHECK-NEXT:     local %5 s: int16
// CHECK-NEXT:     body {
// CHECK-NEXT:       decl %0 acc = (cast:float32 0:int32)
// CHECK-NEXT:       decl %1 scale
// CHECK-NEXT:       {
// CHECK-NEXT:         decl %2 k = 0:int32
// CHECK-NEXT:         decl %3 m = n:int32
// CHECK-NEXT:         for
// CHECK-NEXT:           init: (none)
// CHECK-NEXT:           condition: (lt:bool %2:int32 %3:int32)
// CHECK-NEXT:           step: (preinc:int32 %2:int32)
// CHECK-NEXT:           {
// CHECK-NEXT:             if (cast:bool (rem:int32 %2:int32 2:int32))
// CHECK-NEXT:               continue
// CHECK-NEXT:             decl %4 acc = (element:float32 x (cast:int64 %2:int32))
// CHECK-NEXT:             expr (assign-add:float32 in float32 y:float32 %4:float32)
// CHECK-NEXT:           }
// CHECK-NEXT:       }
// CHECK-NEXT:       decl %5 s = (cast:int16 1:int32)
// CHECK-NEXT:       expr (assign-shl:int16 in int32 %5:int16 2:int32)
// CHECK-NEXT:       expr (assign-mul:int16 in float64 %5:int16 1.5:float64)
// CHECK-NEXT:       while true:bool
// CHECK-NEXT:         {
// CHECK-NEXT:           break
// CHECK-NEXT:         }
// CHECK-NEXT:       do
// CHECK-NEXT:         {
// CHECK-NEXT:           expr (assign:float32 %1:float32 (postdec:float32 %0:float32))
// CHECK-NEXT:         }
// CHECK-NEXT:       while (gt:bool %1:float32 (cast:float32 0:int32))
// CHECK-NEXT:       for
// CHECK-NEXT:         init: (none)
// CHECK-NEXT:         condition: (none)
// CHECK-NEXT:         step: (none)
// CHECK-NEXT:         {
// CHECK-NEXT:           break
// CHECK-NEXT:         }
// CHECK-NEXT:       expr (assign:float32 y:float32 (select:float32 (gt:bool n:int32 0:int32) %0:float32 %1:float32))
// CHECK-NEXT:     }
