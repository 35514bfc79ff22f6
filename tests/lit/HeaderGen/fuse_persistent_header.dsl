// A fused function with several reductions over one axis: its kernel NAME__rows gets the
// jit-style launchers, and NAME the fused functions' two forms (output allocated, output given),
// which hand the inputs to gpucc::detail::FusedRowsLaunch with the definition's axis, keepdims,
// result shape and whether a row of no elements is an error (min, max), and the inputs' bytes per
// element to its launch (a warp or a block per row). The output's type follows
// the instance (float16 for int8, float64 for int32: NumPy's exp), picked by the instance's index.
// RUN: %gpucc --emit=header %s | FileCheck %s
fuse softmax<T: int8 | int32 | float32>(T x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
// CHECK: #include <gpucc/detail/fused_rows_launch.h>
// CHECK: inline void softmax__rows(const gpucc::LaunchConfig& gpucc_config, const In_rows_of_x& rows_of_x,
// CHECK: // fuse softmax: max, sum over axis -1, a warp or a block per row (one launch of softmax__rows)
// CHECK: inline void softmax(const In_x& x, const Out_out& out) {
// CHECK: std::tuple<gpucc::float16, double, float>
// CHECK: gpucc::detail::FusedRowsLaunch gpucc_rows("softmax", -1, false, true, true,
// CHECK: softmax__rows(gpucc_rows.config((sizeof(gpucc::detail::first_array_element_t<In_x>))),
// CHECK-NEXT: gpucc_rows.input(0), gpucc_out);
// CHECK: inline auto softmax(const In_x& x) {
// CHECK: gpucc::Array<gpucc_out_type> out =

fuse variance_kept(float64 x) =
    mean(square(x - mean(x, axis = 0, keepdims = true)), axis = 0, keepdims = true);
// CHECK: // fuse variance_kept: mean, mean over axis 0, a warp or a block per row
// CHECK: gpucc::detail::FusedRowsLaunch gpucc_rows("variance_kept", 0, true, false, false,
