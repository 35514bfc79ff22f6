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

// Several results from one reduction: a std::tuple, or as many given outputs.
fuse sum_and_root(float32 x) {
    s = sum(x, axis = 1);
    return s, sqrt(s);
}
// CHECK: // fuse sum_and_root(float32 x) -> (float32 out0, float32 out1)
// CHECK: gpucc::Array<float> out0 = gpucc_launch.output<float>("out0");
// CHECK-NEXT: gpucc::Array<float> out1 = gpucc_launch.output<float>("out1");
// CHECK: return std::make_tuple(out0, out1);
// CHECK: inline void sum_and_root(const In_x& x, const Out_out0& out0, const Out_out1& out1) {
