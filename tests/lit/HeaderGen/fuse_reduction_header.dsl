// A fused function with a reduction is declared as a reduction kernel's function without `axis`
// and `keepdims`: its definition fixes them, and the launch is given them as constants. The
// output's type follows NumPy's reduction dtypes per instance (int64 for int32, float32 for
// float32), so the signature comment calls it `auto`.
// RUN: %gpucc --emit=header %s | FileCheck %s
fuse sum_of_products<T: int32 | float32>(T x, T y) = sum(x * y, axis = -1);
// CHECK: // fuse sum_of_products<T: int32, float32>(T x, T y) -> (auto out)
// CHECK: inline auto sum_of_products(const In_x& x, const In_y& y) {
// CHECK: gpucc_launch.axes(gpucc::Axis{-1}, false);
// CHECK: inline void sum_of_products(const In_x& x, const In_y& y, const Out_out& out) {
// CHECK: gpucc_launch.axes(gpucc::Axis{-1}, false);

fuse total_kept(float64 x) = sum(x, keepdims = true);
// CHECK: // fuse total_kept(float64 x) -> (float64 out)
// CHECK: inline auto total_kept(const In_x& x) {
// CHECK: gpucc_launch.axes(gpucc::Axis{}, true);
