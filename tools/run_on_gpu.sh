#!/usr/bin/env bash
# Runs, on a GPU machine, the GPU test suites, the quickstart on both targets and the elementwise
# benchmark with its CuPy/PyTorch peers, from binaries built elsewhere (no compiler needed there).
# Usage: tools/run_on_gpu.sh BIN_DIR OUT_DIR
#   BIN_DIR holds runtime_gpu_tests, kernel_tests_gpu, stdlib_tests_gpu, quickstart, numpy_port
#   and elementwise_bench.
set -uo pipefail
bin="$1"
out="$2"
mkdir -p "$out"
status=0
"$bin/runtime_gpu_tests" 2>&1 | tee "$out/runtime_gpu_tests.log" | tail -3 || status=1
"$bin/kernel_tests_gpu" 2>&1 | tee "$out/kernel_tests_gpu.log" | tail -3 || status=1
"$bin/stdlib_tests_gpu" 2>&1 | tee "$out/stdlib_tests_gpu.log" | tail -3 || status=1
{ GPUCC_DEVICE=cuda:0 "$bin/quickstart" && GPUCC_DEVICE=cpu "$bin/quickstart"; } 2>&1 | tee "$out/quickstart.log" || status=1
{ GPUCC_DEVICE=cuda:0 "$bin/numpy_port" && GPUCC_DEVICE=cpu "$bin/numpy_port"; } 2>&1 | tee "$out/numpy_port.log" || status=1
bash "$(dirname "$0")/../bench/run_gpu_bench.sh" "$bin" "$out" "${GPUCC_BENCH_LOG2:-28}" "${GPUCC_BENCH_REPEAT:-50}" || status=1
exit $status
