// A fused function with several reductions over one axis: its kernels NAME__rows and the register
// kernels NAME__rows_<class> get the jit-style launchers, and NAME the fused functions' two forms
// (output allocated, output given), which hand the inputs to gpucc::detail::FusedRowsLaunch with
// the definition's axis, keepdims, result shape and whether a row of no elements is an error
// (min, max); its pick() takes the inputs' bytes per element and the register kernels in order
// (warp per row or not, columns per thread) and says which kernel to launch. The output's type follows
// the instance (float16 for int8, float64 for int32: NumPy's exp), picked by the instance's index.
// The instance runs in a lambda whose template parameters are the placeholders, chosen at compile
// time when typed Arrays bind them, else at run time from an NDArray's dtype (the allocated result
// is then an NDArray).
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
// CHECK: using T = gpucc::detail::first_array_element_t<In_x>;
// CHECK: const gpucc::Device gpucc_device = gpucc::detail::first_array_device(x);
// CHECK: auto gpucc_run = [&]<class T>() {
// CHECK: std::tuple<gpucc::float16, double, float>
// CHECK: gpucc::detail::FusedRowsLaunch gpucc_rows("softmax", -1, false, true, true,
// CHECK-NEXT: {gpucc::detail::fused_rows_argument<T>("softmax", "x", x, gpucc_device)});
// CHECK: switch (gpucc_rows.pick(sizeof(T), {{[{][{]}}true, 4}, {true, 8}, {true, 16}, {true, 32},
// CHECK-NEXT: {false, 8}, {false, 16}})) {
// CHECK-NEXT: case 0: softmax__rows_warp4(gpucc_rows.config(), gpucc_rows.input(0), gpucc_out);
// CHECK-NEXT: break;
// CHECK: case 5: softmax__rows_block16(gpucc_rows.config(), gpucc_rows.input(0), gpucc_out);
// CHECK-NEXT: break;
// CHECK-NEXT: default: softmax__rows(gpucc_rows.config(), gpucc_rows.input(0), gpucc_out);
// The instance: from a typed Array at compile time, else from the NDArray's dtype at run time.
// CHECK: if constexpr (!std::is_void_v<T>) {
// CHECK-NEXT: gpucc_run.template operator()<T>();
// CHECK: const gpucc::DType gpucc_T_dtype = gpucc::detail::placeholder_dtype<T>(x);
// CHECK: gpucc::detail::throw_grid_placeholder_type("softmax", "T", gpucc_T_dtype,
// CHECK: gpucc_run.template operator()<std::int8_t>();
// CHECK: inline auto softmax(const In_x& x) {
// CHECK: gpucc::Array<gpucc_out_type> gpucc_result =
// CHECK: return gpucc_result;
// CHECK: return gpucc_run.template operator()<T>();
// CHECK: return gpucc::NDArray(gpucc_run.template operator()<std::int8_t>());

fuse variance_kept(float64 x) =
    mean(square(x - mean(x, axis = 0, keepdims = true)), axis = 0, keepdims = true);
// CHECK: // fuse variance_kept: mean, mean over axis 0, one launch
// CHECK: gpucc::detail::FusedRowsLaunch gpucc_rows("variance_kept", 0, true, false, false,
