#!/usr/bin/env bash
# Runs the fusion benchmark and its peers in one go and writes their lines to OUT_DIR.
# Usage: bench/run_fusion_bench.sh BIN_DIR OUT_DIR gpu|cpu [log2_size] [repeat]
# (BIN_DIR holds the fusion_bench executable). GPU: cupy.fuse, CuPy unfused, PyTorch and
# torch.compile in the same run; CPU: NumPy.
set -euo pipefail
bin="$1"
out="$2"
target="${3:-gpu}"
log2_size="${4:-$([ "$target" = gpu ] && echo 28 || echo 24)}"
repeat="${5:-30}"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$target" = gpu ]; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader \
        > "$out/gpu.txt" || true
fi
"$bin/fusion_bench" "$target" "$log2_size" "$repeat" | tee "$out/gpucc-$target.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_fusion.py" "$target" "$log2_size" "$repeat" \
    | tee "$out/peers-$target.jsonl"
