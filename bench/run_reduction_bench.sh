#!/usr/bin/env bash
# Runs the reduction benchmark and its peers (CuPy, PyTorch) in one go on the GPU machine and
# writes the report. Usage: bench/run_reduction_bench.sh BIN_DIR OUT_DIR [log2_size] [rows] [cols]
# [repeat] (BIN_DIR holds the reduction_bench executable).
set -euo pipefail
bin="$1"
out="$2"
log2_size="${3:-28}"
rows="${4:-16384}"
cols="${5:-16384}"
repeat="${6:-50}"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpu.txt" || true
"$bin/reduction_bench" "$log2_size" "$rows" "$cols" "$repeat" | tee "$out/gpucc.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_reduction.py" "$log2_size" "$rows" "$cols" "$repeat" | tee "$out/peers.jsonl"
python3 "$here/report_reduction.py" "$out/gpu.txt" "$out/gpucc.jsonl" "$out/peers.jsonl" > "$out/report.md"
cat "$out/report.md"
