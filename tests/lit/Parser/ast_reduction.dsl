// RUN: %gpucc --emit=ast %s | FileCheck %s
// language.md section 2, as written there: both programs parse, clause by clause.
module demo;
reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}

reduction sum_abs<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      abs(x);
    reduce:   a + b;
    post:     y = a;
    type:     float64;          // optional reduce_type, as CuPy's reduce_type
}
// CHECK:      Module demo <3:8>
// CHECK-NEXT:   Reduction l2norm <4:11>
// CHECK-NEXT:     Placeholder T: float32 | float64 <4:18>
// CHECK-NEXT:     Input T x <4:42>
// CHECK-NEXT:     Output T y <4:51>
// CHECK-NEXT:     Identity <5:5>
// CHECK-NEXT:       IntegerLiteral 0 <5:15>
// CHECK-NEXT:     Map <6:5>
// CHECK-NEXT:       Binary * <6:17>
// CHECK-NEXT:         Name x <6:15>
// CHECK-NEXT:         Name x <6:19>
// CHECK-NEXT:     Reduce <7:5>
// CHECK-NEXT:       Binary + <7:17>
// CHECK-NEXT:         Name a <7:15>
// CHECK-NEXT:         Name b <7:19>
// CHECK-NEXT:     Post <8:5>
// CHECK-NEXT:       ExprStmt <8:15>
// CHECK-NEXT:         Assign = <8:17>
// CHECK-NEXT:           Name y <8:15>
// CHECK-NEXT:           Call <8:19>
// CHECK-NEXT:             Name sqrt <8:19>
// CHECK-NEXT:             Name a <8:24>
// CHECK-NEXT:   Reduction sum_abs <11:11>
// CHECK-NEXT:     Placeholder T: float32 | float64 <11:19>
// CHECK-NEXT:     Input T x <11:43>
// CHECK-NEXT:     Output T y <11:52>
// CHECK-NEXT:     Identity <12:5>
// CHECK-NEXT:       IntegerLiteral 0 <12:15>
// CHECK-NEXT:     Map <13:5>
// CHECK-NEXT:       Call <13:15>
// CHECK-NEXT:         Name abs <13:15>
// CHECK-NEXT:         Name x <13:19>
// CHECK-NEXT:     Reduce <14:5>
// CHECK-NEXT:       Binary + <14:17>
// CHECK-NEXT:         Name a <14:15>
// CHECK-NEXT:         Name b <14:19>
// CHECK-NEXT:     Post <15:5>
// CHECK-NEXT:       ExprStmt <15:15>
// CHECK-NEXT:         Assign = <15:17>
// CHECK-NEXT:           Name y <15:15>
// CHECK-NEXT:           Name a <15:19>
// CHECK-NEXT:     ReduceType float64 <16:5>
// CHECK-NOT:  {{.}}
