// The one definition that differs between the CPU and GPU executables of a
// gpucc_add_cpu_gpu_tests pair (tests/CpuGpuTests.cmake): compiled into each, with
// GPUCC_TEST_ON_GPU in the GPU one, so the pair's other sources can be compiled once for both
// (support/device_under_test.h, GPUCC_TEST_DEVICE_AT_RUN_TIME). It declares the function itself
// instead of including the header (gtest and the runtime's headers), so that each of the many
// executables compiles it in a fraction of a second; a mismatch with the header's declaration
// fails to link.
namespace gpucc_test {
bool test_on_gpu();
} // namespace gpucc_test

bool gpucc_test::test_on_gpu() {
#ifdef GPUCC_TEST_ON_GPU
    return true;
#else
    return false;
#endif
}
