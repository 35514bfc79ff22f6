# One GPU run of the merge (the CPU's vectorised exponential and gamma; the GPU kernels as in
# merge13): every single-GPU suite but the fusion ones, with random_tests_gpu's new check that the
# CPU's exponential float64 is the GPU's bit for bit, and the seed_random example. Run from the
# repository root with the bundle (tools/pack_gpu_run.sh's layout, fusion_* suites left out) as
# .gpu/b/x.tar.xz.
set -u
mkdir -p /tmp/r && tar xJf .gpu/b/x.tar.xz -C /tmp/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
GPUCC_SUITE_TIMEOUT=280 bash tools/run_on_gpu.sh /tmp/r $OUT/suites 2>&1 | tail -40
export LD_LIBRARY_PATH=/tmp/r/lib:${LD_LIBRARY_PATH:-}
/tmp/r/suites/random_tests_gpu --gtest_filter='*Exponential*' 2>&1 | tail -5
