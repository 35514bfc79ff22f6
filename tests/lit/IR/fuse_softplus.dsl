// RUN: %gpucc --emit=ir %s | FileCheck %s
// A fused function becomes an elementwise kernel whose body has NumPy 2's types made explicit:
// the weak 0 of maximum(0, x) takes x's type, exp of an int8 computes in float16 and of an int32
// in float64, the untyped parameter's placeholder T drops bool (NumPy has no negative of bool),
// and maximum is NaN-propagating (the standard library's formula, over a hoisted operand).
fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));
// CHECK: elementwise softplus<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float16 | bfloat16 | float32 | float64>
// CHECK-LABEL: instance softplus__int8 [T = int8]
// CHECK: param 1 out: float16 output
// CHECK: (call exp:float32 (cast:float32 (cast:float16 (cast:int8 (neg:int32
// CHECK-LABEL: instance softplus__int32 [T = int32]
// CHECK: param 1 out: float64 output
// CHECK: (call exp:float64 (cast:float64 (neg:int32 (call abs:int32 x:int32))))
// CHECK-LABEL: instance softplus__float32 [T = float32]
// CHECK: param 1 out: float32 output
// CHECK: decl %0 fused_value0 = (cast:float32 0:int32)
// CHECK-NEXT: expr (assign:float32 out:float32 (add:float32 (select:float32 (or:bool (ge:bool %0:float32 x:float32) (ne:bool %0:float32 %0:float32)) %0:float32 x:float32) (call log1p:float32 (call exp:float32 (neg:float32 (call abs:float32 x:float32))))))

// A weak float keeps float32 (x * 0.5), an int32 array makes float64, `/` of integers is float64.
fuse weak(float32 x, int32 n, int8 a, int8 b) = x * 0.5 + n + a / b;
// CHECK-LABEL: instance weak
// CHECK: param 4 out: float64 output
// CHECK: (mul:float32 x:float32 (cast:float32 0.5:float64))
// CHECK: (div:float64 (cast:float64 a:int8) (cast:float64 b:int8))
