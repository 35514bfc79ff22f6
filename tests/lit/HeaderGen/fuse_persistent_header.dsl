// A fused function with several reductions over one axis: its kernels NAME__rows and the register
// kernels NAME__rows_<class> get the jit-style launchers, and NAME the fused functions' two forms
// (output allocated, output given), which hand the inputs to gpucc::detail::FusedRowsLaunch with
// the definition's axis, keepdims, result shape and whether a row of no elements is an error
// (min, max); its pick() takes the inputs' bytes per element and the register kernels in order
// (warp per row or not, columns per thread) and says which kernel to launch. The output's type follows
// the instance (float16 for int8, float64 for int32: NumPy's exp), picked by the instance's index.
// RUN: %gpucc --emit=header %s | FileCheck %s
fuse softmax<T: int8 | int32 | float32>(T x) {
    m = max(x, axis = -1, keepdims = true);
    e = exp(x - m);
    return e / sum(e, axis = -1, keepdims = true);
}
// CHECK: #include <gpucc/detail/fused_rows_launch.h>
// CHECK: inline void softmax__rows(const gpucc::LaunchConfig& gpucc_config, const In_rows_of_x& rows_of_x,
// CHECK: inline void softmax__rows_warp4(const gpucc::LaunchConfig& gpucc_config,
// CHECK: inline void softmax__rows_block16(const gpucc::LaunchConfig& gpucc_config,
// CHECK: // fuse softmax: max, sum over axis -1, one launch (a register kernel by the row's length, or
// CHECK-NEXT: softmax__rows)
// CHECK: inline void softmax(const In_x& x, const Out_out& out) {
// CHECK: std::tuple<gpucc::float16, double, float>
// CHECK: gpucc::detail::FusedRowsLaunch gpucc_rows("softmax", -1, false, true, true,
// CHECK: switch (gpucc_rows.pick((sizeof(gpucc::detail::first_array_element_t<In_x>)), {{[{][{]}}true, 4},
// CHECK-NEXT: {true, 8}, {true, 16}, {true, 32}, {false, 8}, {false, 16}})) {
// CHECK-NEXT: case 0: softmax__rows_warp4(gpucc_rows.config(), gpucc_rows.input(0), gpucc_out);
// CHECK-NEXT: break;
// CHECK: case 5: softmax__rows_block16(gpucc_rows.config(), gpucc_rows.input(0), gpucc_out);
// CHECK-NEXT: break;
// CHECK-NEXT: default: softmax__rows(gpucc_rows.config(), gpucc_rows.input(0), gpucc_out);
// CHECK: inline auto softmax(const In_x& x) {
// CHECK: gpucc::Array<gpucc_out_type> out =

fuse variance_kept(float64 x) =
    mean(square(x - mean(x, axis = 0, keepdims = true)), axis = 0, keepdims = true);
// CHECK: // fuse variance_kept: mean, mean over axis 0, one launch
// CHECK: gpucc::detail::FusedRowsLaunch gpucc_rows("variance_kept", 0, true, false, false,
