#!/usr/bin/env bash
# Runs gpucc's CuPy-compatible RandomState benchmark and CuPy's in the same run (issue 22).
# Usage: bench/run_random_curand_bench.sh [gpu] BIN_DIR OUT_DIR   (BIN_DIR holds
# random_curand_bench; the leading `gpu` is how tools/run_on_gpu.sh calls it,
# GPUCC_BENCHES=random_curand)
set -euo pipefail
[[ "${1:-}" == gpu ]] && shift
bin="$1"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt" || true
"$bin/random_curand_bench" gpu | tee "$out/gpucc_gpu.jsonl"
python3 "$here/random_curand_peers.py" | tee "$out/cupy_gpu.jsonl"
"$bin/random_curand_bench" cpu | tee "$out/gpucc_cpu.jsonl"
