#!/usr/bin/env bash
# Runs the matmul benchmark (tutorial 002, exercise 2) and its CuPy peer in one go on the GPU
# machine and writes the report. Usage: bench/run_matmul_bench.sh BIN_DIR OUT_DIR [repeat] [sizes...]
# (BIN_DIR holds the matmul_bench executable; cuBLAS comes from the machine's CUDA toolkit).
set -euo pipefail
bin="$1"
out="$2"
repeat="${3:-20}"
shift 3 2>/dev/null || shift $#
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1024 2048 4096)
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}${CUDA_PATH:-/usr/local/cuda}/lib64"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpu.txt" || true
"$bin/matmul_bench" "$repeat" "${sizes[@]}" | tee "$out/gpucc.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_matmul.py" "$repeat" "${sizes[@]}" | tee "$out/peers.jsonl" || true
python3 "$here/report_matmul.py" "$out/gpu.txt" "$out/gpucc.jsonl" "$out/peers.jsonl" > "$out/report.md"
cat "$out/report.md"
