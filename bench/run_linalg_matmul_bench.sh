#!/usr/bin/env bash
# Runs gpucc::matmul's benchmark (linalg_matmul_bench) and its peers in one go and writes the
# report and plot. Usage: bench/run_linalg_matmul_bench.sh gpu|host|cpu BIN_DIR OUT_DIR [repeat]
#   gpu: on the GPU machine, CuPy and PyTorch as peers (cuBLAS from the machine's CUDA toolkit);
#   host: on the GPU machine, the per-call host time of a 64 x 64 product (and its floors, the
#         library's small-product kernel and its crossover against matmul), CuPy and PyTorch
#         timed per call the same way;
#   cpu: here, NumPy as the peer.
set -euo pipefail
mode="$1"
bin="$2"
out="$3"
repeat="${4:-10}"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$mode" = gpu ] || [ "$mode" = host ]; then
    export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}${CUDA_PATH:-/usr/local/cuda}/lib64"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/machine.txt" || true
else
    { nproc; grep -m1 "model name" /proc/cpuinfo; uptime; } > "$out/machine.txt"
fi
"$bin/linalg_matmul_bench" "$mode" "$repeat" | tee "$out/gpucc.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_linalg_matmul.py" "$mode" "$repeat" | tee "$out/peers.jsonl" || true
python3 "$here/report_linalg_matmul.py" "$out" > "$out/report.md"
cat "$out/report.md"
