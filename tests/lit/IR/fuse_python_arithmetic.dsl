// RUN: %gpucc --emit=ir %s | FileCheck %s
// NumPy's % keeps the divisor's sign: C's truncating remainder (0 for a zero divisor, the body
// language's rule) moved by the divisor when the signs differ. An integer power is a loop of
// repeated squaring in the body, then the negative exponent's value. A right shift of an unsigned
// value is logical, in 64 bits, with counts outside [0, 64) giving 0.
module m;
fuse rem(int32 x, int32 y) = x % y;
// CHECK-LABEL: instance rem
// CHECK: decl %0 fused_value0 = (rem:int32 x:int32 y:int32)
// CHECK-NEXT: expr (assign:int32 out:int32 (select:int32 (and:bool (ne:bool %0:int32 0:int32) (ne:bool (cast:int32 (lt:bool y:int32 0:int32)) (cast:int32 (lt:bool %0:int32 0:int32)))) (add:int32 %0:int32 y:int32) %0:int32))
fuse pw(int16 x, int16 e) = power(x, e);
// CHECK-LABEL: instance pw
// CHECK: while (gt:bool (cast:int32 %2:int16) (cast:int32 (cast:int16 0:int32)))
// CHECK: expr (assign:int16 %0:int16 (cast:int16 (mul:int32 (cast:int32 %0:int16) (cast:int32 %1:int16))))
// CHECK: expr (assign:int16 out:int16 (select:int16 (lt:bool (cast:int32 e:int16)
fuse sh(uint8 x, uint8 s) = x >> s;
// CHECK-LABEL: instance sh
// CHECK: (cast:uint8 (shr:uint64 (cast:uint64 x:uint8) (cast:uint64 s:uint8)))
