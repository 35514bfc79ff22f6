#!/usr/bin/env bash
# Issue 19's small-product route on one H100: the linalg GPU suites, then the matmul bench's host
# mode (per-call host times, the crossover) with CuPy and PyTorch, two rounds interleaved.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="${TMPDIR:-/tmp}/wt19run"
mkdir -p "$work" "$OUT"
tar xJf "$here/bundle.tar.xz" -C "$work"
export LD_LIBRARY_PATH="$work/lib:${CUDA_PATH:-/usr/local/cuda}/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt"
python3 -c 'import cupy, torch; print("cupy", cupy.__version__, "torch", torch.__version__)' >> "$OUT/machine.txt" 2>&1
cd "$work"
start=$SECONDS
timeout 90 ./linalg_tests_gpu > "$OUT/linalg_tests_gpu.log" 2>&1; echo "linalg_tests_gpu rc=$? $((SECONDS-start)) s" | tee -a "$OUT/summary.txt"
timeout 30 ./linalg_small_route_tests_gpu > "$OUT/linalg_small_route_tests_gpu.log" 2>&1; echo "linalg_small_route_tests_gpu rc=$? $((SECONDS-start)) s" | tee -a "$OUT/summary.txt"
mkdir -p "$OUT/bench"
for round in 1 2; do
    timeout 60 ./linalg_matmul_bench host >> "$OUT/bench/gpucc.jsonl" 2>> "$OUT/bench/stderr.txt"; echo "bench round $round rc=$? $((SECONDS-start)) s" | tee -a "$OUT/summary.txt"
    PYTHONUNBUFFERED=1 timeout 45 python3 "$work/peers_linalg_matmul.py" host >> "$OUT/bench/peers.jsonl" 2>> "$OUT/bench/stderr.txt"; echo "peers round $round rc=$? $((SECONDS-start)) s" | tee -a "$OUT/summary.txt"
done
cp "$OUT/machine.txt" "$OUT/bench/machine.txt"
python3 "$work/report_linalg_matmul.py" "$OUT/bench" > "$OUT/bench/report.md" 2>> "$OUT/bench/stderr.txt"
tail -n 4 "$OUT/linalg_tests_gpu.log" "$OUT/linalg_small_route_tests_gpu.log"
grep -E "percall_us_64|crossover" "$OUT/bench/report.md" | head -80
