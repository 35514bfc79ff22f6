#!/usr/bin/env bash
# Runs the graph replay benchmark and its CuPy peer in one go on the GPU machine, and writes the
# report. Usage: bench/run_graph_bench.sh BIN_DIR OUT_DIR [repeat] (BIN_DIR holds graph_bench).
set -euo pipefail
bin="$1"
out="$2"
repeat="${3:-2000}"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpu.txt" || true
"$bin/graph_bench" "$repeat" | tee "$out/gpucc_graph.jsonl"
# The same without programmatic stream serialization (plain cuLaunchKernel), for comparison.
GPUCC_PROGRAMMATIC_LAUNCH=0 "$bin/graph_bench" "$repeat" | tee "$out/gpucc_graph_plain.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_graph.py" "$repeat" | tee "$out/peers_graph.jsonl"
python3 "$here/report_graph.py" "$out/gpu.txt" "$out/gpucc_graph.jsonl" "$out/peers_graph.jsonl" \
    "$out/gpucc_graph_plain.jsonl" > "$out/report_graph.md"
cat "$out/report_graph.md"
