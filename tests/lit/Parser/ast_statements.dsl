// RUN: %gpucc --emit=ast %s | FileCheck %s
elementwise s(int32 n) -> (float32 y) {
    const float a = 1, b;
    for (int k = 0; k < n; ++k) { if (k == 3) continue; else break; }
    for (;;) ;
    while (n) { }
    do y += 1; while (false);
}
// CHECK:      Decl const float <3:5>
// CHECK-NEXT:   Var a <3:17>
// CHECK-NEXT:     IntegerLiteral 1
// CHECK-NEXT:   Var b <3:24>
// CHECK-NEXT: For <4:5>
// CHECK-NEXT:   Init
// CHECK-NEXT:     Decl int <4:10>
// CHECK:        Condition
// CHECK-NEXT:     Binary < <4:23>
// CHECK:        Step
// CHECK-NEXT:     Unary ++ <4:28>
// CHECK:            If <4:35>
// CHECK:              Continue <4:47>
// CHECK-NEXT:       Else
// CHECK-NEXT:         Break <4:62>
// CHECK-NEXT: For <5:5>
// CHECK-NEXT:   Init (none)
// CHECK-NEXT:   Condition (none)
// CHECK-NEXT:   Step (none)
// CHECK-NEXT:   Empty <5:14>
// CHECK-NEXT: While <6:5>
// CHECK-NEXT:   Name n
// CHECK-NEXT:   Block <6:15>
// CHECK-NEXT: DoWhile <7:5>
// CHECK-NEXT:   ExprStmt <7:8>
// CHECK-NEXT:     Assign += <7:10>
// CHECK:        BoolLiteral false
