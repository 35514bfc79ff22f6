// A fused function's header is an elementwise kernel's. An output whose type is a placeholder's
// in every instance is declared with it; one whose type follows the instance in no simpler way
// (softplus: float16 for int8, float64 for int32, float32 for float32) is picked from a per-instance
// list by the same index as the kernel table's, and the signature comment calls it `auto`.
// RUN: %gpucc --emit=header %s | FileCheck %s
fuse doubled<T: float32 | float64>(T x) = x * 2;
// CHECK: // elementwise doubled<T: float32, float64>(T x) -> (T out)

fuse softplus<T: int8 | int32 | float32>(T x) = maximum(0, x) + log1p(exp(-abs(x)));
// CHECK: // elementwise softplus<T: int8, int32, float32>(T x) -> (auto out)
// CHECK: gpucc::Array<std::tuple_element_t<gpucc::detail::index_of_v<T, std::int8_t, std::int32_t,
// CHECK: std::tuple_element_t<gpucc::detail::index_of_v<T, std::int8_t, std::int32_t, float>,
// CHECK-NEXT: std::tuple<gpucc::float16, double, float>>>("out");
