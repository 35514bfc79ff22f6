#!/usr/bin/env bash
# Runs, on a GPU machine, the GPU test suites, the examples on both targets and the benchmarks
# with their CuPy/PyTorch peers, from binaries built elsewhere (no compiler needed there). Each
# binary runs when BIN_DIR holds it: one device run carries at most 64 MiB, less than all of them
# together, so a run carries the ones it needs.
# Usage: tools/run_on_gpu.sh BIN_DIR OUT_DIR
#   BIN_DIR may hold runtime_gpu_tests, runtime_streams_gpu, kernel_tests_gpu,
#   reduction_kernel_tests_gpu, raw_kernel_tests_gpu, grid_kernel_tests_gpu,
#   division_kernel_tests_gpu, stdlib_tests_gpu, linalg_tests_gpu (with libopenblas.so.0,
#   libgfortran.so.5 and libquadmath.so.0 beside it: BIN_DIR is on LD_LIBRARY_PATH), quickstart,
#   numpy_port, seed_gpu_speedup, seed_linalg_timing,
#   cuda_runtime, seed_reduction, seed_kernels, seed_mul_add_timing (its plot goes to
#   OUT_DIR/mul_add_times.svg), elementwise_bench, graph_bench, memory_bench (with
#   libbenchmark.so.1debian beside it), reduction_bench, matmul_bench (cuBLAS from the machine's
#   CUDA toolkit) and matmul_jit_bench.
# A suite that runs past GPUCC_SUITE_TIMEOUT seconds (300 by default) is stopped and fails.
set -uo pipefail
bin="$1"
out="$2"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
export LD_LIBRARY_PATH="$(cd "$bin" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
status=0
has() { [[ -x "$bin/$1" ]]; }
for suite in runtime_gpu_tests runtime_streams_gpu kernel_tests_gpu reduction_kernel_tests_gpu \
    raw_kernel_tests_gpu grid_kernel_tests_gpu division_kernel_tests_gpu stdlib_tests_gpu \
    linalg_tests_gpu; do
    if has "$suite"; then
        timeout "${GPUCC_SUITE_TIMEOUT:-300}" "$bin/$suite" > "$out/$suite.log" 2>&1 || status=1
        tail -n 3 "$out/$suite.log"
    fi
done
if has runtime_gpu_tests; then
    GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM=1 "$bin/runtime_gpu_tests" \
        --gtest_filter='GpuStreams.*:GpuEvents.*:GpuGraph.*:GpuProfiler.*' \
        > "$out/runtime_gpu_tests_ptds.log" 2>&1 || status=1
fi
for example in quickstart numpy_port cuda_runtime seed_reduction seed_kernels seed_gpu_speedup \
    seed_linalg_timing; do
    if has "$example"; then
        { GPUCC_DEVICE=cuda:0 "$bin/$example" && GPUCC_DEVICE=cpu "$bin/$example"; } \
            > "$out/$example.log" 2>&1 || status=1
    fi
done
if has seed_mul_add_timing; then
    "$bin/seed_mul_add_timing" "$out/mul_add_times.svg" > "$out/seed_mul_add_timing.log" 2>&1 ||
        status=1
fi
if has elementwise_bench; then
    bash "$here/../bench/run_gpu_bench.sh" "$bin" "$out/elementwise" "${GPUCC_BENCH_LOG2:-28}" \
        "${GPUCC_BENCH_REPEAT:-50}" > /dev/null 2>&1 || status=1
fi
if has matmul_jit_bench; then
    "$bin/matmul_jit_bench" > "$out/matmul_jit_bench.log" 2>&1 || status=1
    cat "$out/matmul_jit_bench.log"
fi
if has reduction_bench; then
    bash "$here/../bench/run_reduction_bench.sh" "$bin" "$out/reduction" > /dev/null 2>&1 || status=1
fi
if has matmul_bench; then
    bash "$here/../bench/run_matmul_bench.sh" "$bin" "$out/matmul" > /dev/null 2>&1 || status=1
fi
if has graph_bench; then
    bash "$here/../bench/run_graph_bench.sh" "$bin" "$out/graph" > /dev/null 2>&1 || status=1
fi
if has memory_bench; then
    bash "$here/../bench/run_memory_bench.sh" "$bin" "$out/memory" > /dev/null 2>&1 || status=1
fi
# The device tool returns a few files per run: pack everything into one.
packed="$(mktemp)"
tar czf "$packed" -C "$out" . && rm -rf "${out:?}"/* && mv "$packed" "$out/gpu-run.tgz"
exit $status
