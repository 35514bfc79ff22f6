#!/usr/bin/env bash
# Runs the memory benchmark and its peers (CuPy, PyTorch) in one go on the GPU machine, and writes
# the report. Usage: bench/run_memory_bench.sh BIN_DIR OUT_DIR (BIN_DIR holds memory_bench and the
# Google Benchmark library next to it, both from build/bench).
set -euo pipefail
bin="$1"
out="$2"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpu.txt" || true
"$bin/memory_bench" --benchmark_out="$out/gpucc_memory.json" --benchmark_out_format=json \
    --benchmark_min_time=1 2>&1 | tee "$out/gpucc_memory.txt"
PYTHONUNBUFFERED=1 python3 "$here/peers_memory.py" | tee "$out/peers_memory.jsonl"
python3 "$here/report_memory.py" "$out/gpu.txt" "$out/gpucc_memory.json" "$out/peers_memory.jsonl" \
    > "$out/report_memory.md"
cat "$out/report_memory.md"
