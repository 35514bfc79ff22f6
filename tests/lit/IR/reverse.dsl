// RUN: %gpucc --emit=ir %s | FileCheck %s
// RUN: %gpucc --emit=ir --dtypes=int8,float16 %s | FileCheck %s --check-prefix=DTYPES
// language.md section 1: a raw input indexed with `_ind.size() - i - 1`; a bare <T> is every
// type (in ScalarType order) unless --dtypes says otherwise.
elementwise reverse<T>(raw T x) -> (T y) {
    y = x[_ind.size() - i - 1];
}
// CHECK:      elementwise reverse<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float16 | bfloat16 | float32 | float64>
// CHECK-NEXT:   instance reverse__bool [T = bool]
// CHECK-NEXT:     param 0 x: bool input raw
// CHECK-NEXT:     param 1 y: bool output
// CHECK-NEXT:     body {
// CHECK-NEXT:       expr (assign:bool y:bool (element:bool x (sub:int64 (sub:int64 _ind.size():int64 i:int64) (cast:int64 1:int32))))
// CHECK:        instance reverse__int8
// CHECK:        instance reverse__int16
// CHECK:        instance reverse__int32
// CHECK:        instance reverse__int64
// CHECK:        instance reverse__uint8
// CHECK:        instance reverse__uint16
// CHECK:        instance reverse__uint32
// CHECK:        instance reverse__uint64
// CHECK:        instance reverse__float16
// CHECK:        instance reverse__bfloat16
// CHECK:        instance reverse__float32 [T = float32]
// CHECK-NEXT:     param 0 x: float32 input raw
// CHECK-NEXT:     param 1 y: float32 output
// CHECK-NEXT:     body {
// CHECK-NEXT:       expr (assign:float32 y:float32 (element:float32 x (sub:int64 (sub:int64 _ind.size():int64 i:int64) (cast:int64 1:int32))))
// CHECK:        instance reverse__float64

// DTYPES:      elementwise reverse<T: int8 | float16>
// DTYPES-NEXT:   instance reverse__int8 [T = int8]
// DTYPES:        instance reverse__float16 [T = float16]
// DTYPES-NOT:    instance
