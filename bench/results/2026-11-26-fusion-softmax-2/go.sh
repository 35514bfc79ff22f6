#!/usr/bin/env bash
# The fused softmax run of branch wt21s: the GPU persistent suite, then fusion_bench's softmax and
# log-sum-exp rows, main's fusion_bench rows (the re-reading kernel), and the peers (CuPy
# unfused, torch.softmax, torch.logsumexp, torch.compile) in the same run, then the gpucc rows
# again after the peers.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=/tmp/wt21s
mkdir -p "$work"
tar xJf "$here/bundle.tar.xz" -C "$work"
export LD_LIBRARY_PATH="$work/lib:${LD_LIBRARY_PATH:-}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/gpu.txt"
cat "$OUT/gpu.txt"
if [ "${SKIP_SUITE:-0}" != 1 ]; then
    { timeout 150 "$work/fusion_persistent_tests_gpu"; echo "exit status $?"; } > "$OUT/fusion_persistent_gpu.log" 2>&1
    grep -E "FAILED|PASSED|exit status|Failure" "$OUT/fusion_persistent_gpu.log" | head -20
fi
timeout 60 "$work/fusion_bench" gpu 28 30 softmax > "$OUT/gpucc-gpu.jsonl" 2> "$OUT/bench-stderr.txt"
cat "$OUT/gpucc-gpu.jsonl"
# main's fusion_bench (the kernel re-reading the row per pass): its softmax rows (16384x1024 only).
timeout 60 "$work/fusion_bench_main" gpu 24 30 > "$work/main.jsonl" 2>> "$OUT/bench-stderr.txt"
grep -E "softmax|logsumexp" "$work/main.jsonl" > "$OUT/gpucc-main-gpu.jsonl"
cat "$OUT/gpucc-main-gpu.jsonl"
(cd "$here" && PYTHONUNBUFFERED=1 timeout 120 python3 peers_fusion.py gpu 28 30 softmax) > "$OUT/peers-gpu.jsonl" 2>> "$OUT/bench-stderr.txt"
cat "$OUT/peers-gpu.jsonl"
timeout 60 "$work/fusion_bench" gpu 28 30 softmax > "$OUT/gpucc-gpu-again.jsonl" 2>> "$OUT/bench-stderr.txt"
cat "$OUT/gpucc-gpu-again.jsonl"
tail -5 "$OUT/bench-stderr.txt"
