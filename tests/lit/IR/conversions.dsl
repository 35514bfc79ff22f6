// RUN: %gpucc --emit=ir %s | FileCheck %s
// C's typing rules, each conversion a visible cast.
elementwise conversions(int8 c, uint16 s, int32 n, uint32 u, int64 l, uint64 w, float16 h,
                        bfloat16 b, float32 f, float64 d, bool t) -> (float64 out) {
    // Integer promotion: small integers and bool compute in int32.
    out = c + s;
    // CHECK: expr (assign:float64 out:float64 (cast:float64 (add:int32 (cast:int32 c:int8) (cast:int32 s:uint16))))
    out = t + t;
    // CHECK-NEXT: expr (assign:float64 out:float64 (cast:float64 (add:int32 (cast:int32 t:bool) (cast:int32 t:bool))))
    // Usual arithmetic conversions between integers.
    out = n + u;
    // CHECK-NEXT: (add:uint32 (cast:uint32 n:int32) u:uint32)
    out = u + l;
    // CHECK-NEXT: (add:int64 (cast:int64 u:uint32) l:int64)
    out = l + w;
    // CHECK-NEXT: (add:uint64 (cast:uint64 l:int64) w:uint64)
    // Floating types: half with half stays half, half with bfloat16 meets in float32, a floating
    // type with an integer gives the floating type, float64 wins.
    out = h * h;
    // CHECK-NEXT: (cast:float64 (mul:float16 h:float16 h:float16))
    out = h * b;
    // CHECK-NEXT: (cast:float64 (mul:float32 (cast:float32 h:float16) (cast:float32 b:bfloat16)))
    out = h * n;
    // CHECK-NEXT: (cast:float64 (mul:float16 h:float16 (cast:float16 n:int32)))
    out = f * 2;
    // CHECK-NEXT: (cast:float64 (mul:float32 f:float32 (cast:float32 2:int32)))
    out = f * 2.0;
    // CHECK-NEXT: expr (assign:float64 out:float64 (mul:float64 (cast:float64 f:float32) 2.0:float64))
    out = f * 2.0f;
    // CHECK-NEXT: (cast:float64 (mul:float32 f:float32 2.0:float32))
    // Literal types: C's rule with 64-bit long.
    out = 2147483647 + 2147483648 + 0xFFFFFFFF + 1u + 1l + 1ull + 0x1p-2f;
    // CHECK-NEXT: (add:float32 (cast:float32 (add:uint64 (cast:uint64 (add:int64 (add:int64 (add:int64 (add:int64 (cast:int64 2147483647:int32) 2147483648:int64) (cast:int64 4294967295:uint32)) (cast:int64 1:uint32)) 1:int64)) 1:uint64)) 0.25:float32)
    // Comparisons, logical operators and ! yield bool; operands of && || ! convert to bool.
    out = f < n && !d || t;
    // CHECK-NEXT: (cast:float64 (or:bool (and:bool (lt:bool f:float32 (cast:float32 n:int32)) (not:bool (cast:bool d:float64))) t:bool))
    // Shifts: each operand promoted, the right one converted to the left one's type.
    out = c << l;
    // CHECK-NEXT: (cast:float64 (shl:int32 (cast:int32 c:int8) (cast:int32 l:int64)))
    out = -s + ~c + +t;
    // CHECK-NEXT: (cast:float64 (add:int32 (add:int32 (neg:int32 (cast:int32 s:uint16)) (bitnot:int32 (cast:int32 c:int8))) (cast:int32 t:bool)))
    // ?: converts both branches to their common type.
    out = t ? n : f;
    // CHECK-NEXT: (cast:float64 (select:float32 t:bool (cast:float32 n:int32) f:float32))
    // Explicit and functional casts; a cast to the same type disappears.
    out = (int32)f + float32(n) + (float32)f + (unsigned long long)n;
    // CHECK-NEXT: (cast:float64 (add:float32 (add:float32 (add:float32 (cast:float32 (cast:int32 f:float32)) (cast:float32 n:int32)) f:float32) (cast:float32 (cast:uint64 n:int32))))
}
