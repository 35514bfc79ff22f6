#!/usr/bin/env bash
# Issue 20's GPU run, from binaries built elsewhere (tools/run_on_gpu.sh's way): the
# decomposition tests on cuSOLVER, the seed_svd example on both targets, and the decomposition
# benchmark with CuPy and PyTorch. BIN_DIR holds linalg_decomposition_tests_gpu, seed_svd,
# linalg_decomp_bench, the bench scripts (run_linalg_decomp_bench.sh, peers_linalg_decomp.py),
# and the CPU libraries the GPU machine lacks: libopenblas.so.0, libgfortran.so.5,
# libquadmath.so.0, liblapacke.so.3, liblapack.so.3, libblas.so.3 and libtmglib.so.3 (Debian's,
# the last three from OpenBLAS's alternatives). Usage: bench/run_linalg_decomp_on_gpu.sh BIN_DIR
# OUT_DIR. Each step stops after GPUCC_SUITE_TIMEOUT seconds (150 by default) and then fails.
set -uo pipefail
bin="$(cd "$1" && pwd)"
out="$2"
mkdir -p "$out"
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:${CUDA_PATH:-/usr/local/cuda}/lib64"
status=0
limit="${GPUCC_SUITE_TIMEOUT:-150}"
timeout "$limit" "$bin/linalg_decomposition_tests_gpu" > "$out/linalg_decomposition_tests_gpu.log" 2>&1 ||
    status=1
tail -n 30 "$out/linalg_decomposition_tests_gpu.log"
timeout "$limit" "$bin/seed_svd" > "$out/seed_svd.log" 2>&1 || status=1
cat "$out/seed_svd.log"
timeout "$limit" bash "$bin/run_linalg_decomp_bench.sh" gpu "$bin" "$out/bench" "${GPUCC_BENCH_REPEAT:-5}" || status=1
exit $status
