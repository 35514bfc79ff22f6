#!/usr/bin/env bash
# Runs the fusion benchmark and its peers in one go and writes their lines to OUT_DIR.
# Usage: bench/run_fusion_bench.sh gpu|cpu BIN_DIR OUT_DIR [log2_size] [repeat]
# (BIN_DIR holds the fusion_bench executable; the argument order tools/run_on_gpu.sh uses with
# GPUCC_BENCHES=fusion). GPU: cupy.fuse, CuPy unfused, PyTorch and torch.compile in the same run;
# CPU: NumPy.
set -euo pipefail
target="$1"
bin="$2"
out="$3"
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
