// RUN: %gpucc --emit=ast %s | FileCheck %s
// Precedence and associativity are C's; casts, functional casts, multi-word C types.
elementwise e(int32 a, int32 b) -> (int32 c) {
    c = a + b * 2 - 1;
// CHECK:      Assign = <4:7>
// CHECK-NEXT:   Name c
// CHECK-NEXT:   Binary - <4:19>
// CHECK-NEXT:     Binary + <4:11>
// CHECK-NEXT:       Name a
// CHECK-NEXT:       Binary * <4:15>
    c = a < b == b > a && a | b ^ a & b || !a;
// CHECK:      Binary || <{{.*}}>
// CHECK-NEXT:   Binary && <{{.*}}>
// CHECK-NEXT:     Binary == <{{.*}}>
// CHECK-NEXT:       Binary < <{{.*}}>
// CHECK:            Binary > <{{.*}}>
// CHECK:          Binary | <{{.*}}>
// CHECK-NEXT:       Name a
// CHECK-NEXT:       Binary ^ <{{.*}}>
// CHECK-NEXT:         Name b
// CHECK-NEXT:         Binary & <{{.*}}>
// CHECK:        Unary ! <{{.*}}>
    c = a = b += 1;
// CHECK:      Assign = <[[@LINE-1]]:7>
// CHECK-NEXT:   Name c
// CHECK-NEXT:   Assign = <[[@LINE-3]]:11>
// CHECK-NEXT:     Name a
// CHECK-NEXT:     Assign += <[[@LINE-5]]:15>
    c = a ? b : a ? 1 : 2;
// CHECK:      Conditional <[[@LINE-1]]:11>
// CHECK-NEXT:   Name a
// CHECK-NEXT:   Name b
// CHECK-NEXT:   Conditional <[[@LINE-4]]:19>
    c = (unsigned long long)a + float(b) + (long int)-a + int(1.5f) + ++c + c--;
// CHECK:      Cast unsigned long long <[[@LINE-1]]:9>
// CHECK:      FunctionalCast float <[[@LINE-2]]:33>
// CHECK:      Cast long <[[@LINE-3]]:44>
// CHECK-NEXT:   Unary - <[[@LINE-4]]:54>
// CHECK:      FunctionalCast int <[[@LINE-5]]:59>
// CHECK-NEXT:   FloatLiteral 1.5f
// CHECK:      Unary ++ <[[@LINE-7]]:71>
// CHECK:      Postfix -- <[[@LINE-8]]:78>
    c = _ind.size() - i << 2 >> 1;
// CHECK:      Binary >> <{{.*}}>
// CHECK-NEXT:   Binary << <{{.*}}>
// CHECK-NEXT:     Binary - <{{.*}}>
// CHECK-NEXT:       Call <[[@LINE-4]]:14>
// CHECK-NEXT:         Member .size <[[@LINE-5]]:14>
// CHECK-NEXT:           Name _ind <[[@LINE-6]]:9>
}
