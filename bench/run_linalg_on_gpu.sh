#!/usr/bin/env bash
# Issue 19's GPU run, from binaries built elsewhere (tools/run_on_gpu.sh's way): the linalg GPU
# tests, the two seed examples on both targets, and the matmul benchmark with CuPy and PyTorch
# (the GEMM figures, then the per-call host times and the small-product kernel's crossover).
# BIN_DIR holds linalg_tests_gpu, linalg_small_route_tests_gpu, seed_gpu_speedup, seed_linalg_timing, linalg_matmul_bench,
# OpenBLAS's libopenblas.so.0 with libgfortran.so.5 and libquadmath.so.0 (the GPU machine has no
# OpenBLAS), and the bench scripts (peers_linalg_matmul.py and the peers_common.py it imports,
# report_linalg_matmul.py, run_linalg_matmul_bench.sh). Usage: bench/run_linalg_on_gpu.sh BIN_DIR OUT_DIR
set -uo pipefail
bin="$(cd "$1" && pwd)"
out="$2"
mkdir -p "$out"
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:${CUDA_PATH:-/usr/local/cuda}/lib64"
status=0
"$bin/linalg_tests_gpu" > "$out/linalg_tests_gpu.log" 2>&1 || status=1
tail -n 3 "$out/linalg_tests_gpu.log"
"$bin/linalg_small_route_tests_gpu" > "$out/linalg_small_route_tests_gpu.log" 2>&1 || status=1
tail -n 3 "$out/linalg_small_route_tests_gpu.log"
{ "$bin/seed_gpu_speedup" && "$bin/seed_linalg_timing"; } > "$out/examples.log" 2>&1 || status=1
cat "$out/examples.log"
bash "$bin/run_linalg_matmul_bench.sh" gpu "$bin" "$out/bench" "${GPUCC_BENCH_REPEAT:-10}" || status=1
bash "$bin/run_linalg_matmul_bench.sh" host "$bin" "$out/bench-host" || status=1
exit $status
