#!/usr/bin/env bash
# The fused softmax run of branch wt2a: the GPU persistent suite, then fusion_bench's rows and
# their peers (CuPy unfused, torch.softmax, torch.logsumexp, torch.compile) in the same run, the
# gpucc rows again after the peers.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=/tmp/wt2a
mkdir -p "$work"
tar xJf "$here/bundle.tar.xz" -C "$work"
export LD_LIBRARY_PATH="$work/lib:${LD_LIBRARY_PATH:-}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/gpu.txt"
[ -x "$work/fusion_persistent_tests_gpu" ] && { "$work/fusion_persistent_tests_gpu"; echo "exit status $?"; } > "$OUT/fusion_persistent_gpu.log" 2>&1
tail -3 "$OUT/fusion_persistent_gpu.log"
# Before: main's fusion_bench (the kernel that re-reads the row per pass), whole at 2^24.
"$work/fusion_bench_main" gpu 24 30 > "$OUT/gpucc-main-gpu.jsonl" 2> "$OUT/bench-stderr.txt"
grep -E "softmax|logsumexp" "$OUT/gpucc-main-gpu.jsonl"
"$work/fusion_bench" gpu 28 30 softmax > "$OUT/gpucc-gpu.jsonl" 2>> "$OUT/bench-stderr.txt"
cat "$OUT/gpucc-gpu.jsonl"
(cd "$here" && PYTHONUNBUFFERED=1 python3 peers_fusion.py gpu 28 30 softmax) > "$OUT/peers-gpu.jsonl" 2>> "$OUT/bench-stderr.txt"
cat "$OUT/peers-gpu.jsonl"
"$work/fusion_bench" gpu 28 30 softmax > "$OUT/gpucc-gpu-again.jsonl" 2>> "$OUT/bench-stderr.txt"
cat "$OUT/gpucc-gpu-again.jsonl"
