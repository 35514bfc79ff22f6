// RUN: %gpucc --emit=ast %s | FileCheck %s
// The other forms of a reduction: clauses in any order (printed in a fixed one), `identity: none`,
// `scalar` inputs, several inputs and outputs, a post of several statements (up to the next
// clause), no post at all, and definitions of both kinds kept in source order.
elementwise first(float32 x) -> (float32 y) { y = x; }
reduction stats<T: float32 | float64>(T x, T w, scalar int64 ddof) -> (T mean, T var) {
    type: float64;
    post:
        float64 n = _in_ind.size() / _out_ind.size();
        mean = a / n;
        var = a / (n - ddof);
    reduce: a + b;
    map: x * w;
    identity: none;
}
reduction no_post(float32 x) -> (float32 y) { identity: -1.5; map: x; reduce: a > b ? a : b; }
elementwise last(float32 x) -> (float32 y) { y = x; }
// CHECK:      Module
// CHECK-NEXT:   Elementwise first <5:13>
// CHECK:        Reduction stats <6:11>
// CHECK-NEXT:     Placeholder T: float32 | float64 <6:17>
// CHECK-NEXT:     Input T x <6:41>
// CHECK-NEXT:     Input T w <6:46>
// CHECK-NEXT:     Input scalar int64 ddof <6:62>
// CHECK-NEXT:     Output T mean <6:74>
// CHECK-NEXT:     Output T var <6:82>
// CHECK-NEXT:     Identity none <14:5>
// CHECK-NEXT:     Map <13:5>
// CHECK-NEXT:       Binary * <13:12>
// CHECK-NEXT:         Name x <13:10>
// CHECK-NEXT:         Name w <13:14>
// CHECK-NEXT:     Reduce <12:5>
// CHECK-NEXT:       Binary + <12:15>
// CHECK:          Post <8:5>
// CHECK-NEXT:       Decl float64 <9:9>
// CHECK-NEXT:         Var n <9:17>
// CHECK-NEXT:           Binary / <9:36>
// CHECK-NEXT:             Call <9:29>
// CHECK-NEXT:               Member .size <9:29>
// CHECK-NEXT:                 Name _in_ind <9:21>
// CHECK-NEXT:             Call <9:47>
// CHECK-NEXT:               Member .size <9:47>
// CHECK-NEXT:                 Name _out_ind <9:38>
// CHECK-NEXT:       ExprStmt <10:9>
// CHECK:            ExprStmt <11:9>
// CHECK:          ReduceType float64 <7:5>
// CHECK-NEXT:   Reduction no_post <16:11>
// CHECK-NEXT:     Input float32 x <16:27>
// CHECK-NEXT:     Output float32 y <16:42>
// CHECK-NEXT:     Identity <16:47>
// CHECK-NEXT:       Unary - <16:57>
// CHECK-NEXT:         FloatLiteral 1.5 <16:58>
// CHECK-NEXT:     Map <16:63>
// CHECK-NEXT:       Name x <16:68>
// CHECK-NEXT:     Reduce <16:71>
// CHECK-NEXT:       Conditional <16:85>
// CHECK:        Elementwise last <17:13>
