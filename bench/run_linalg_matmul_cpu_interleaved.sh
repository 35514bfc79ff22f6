#!/usr/bin/env bash
# gpucc::matmul against NumPy on a shared CPU: ROUNDS rounds, each running gpucc's n^3 sweep
# (linalg_matmul_bench cpu-sweep) and then NumPy's (peers_linalg_matmul.py cpu-sweep), so that
# both meet the same load in turn; report_linalg_matmul.py keeps the best of the rounds for each
# size and library. NumPy comes from $PYTHON, else the python3 first on PATH (Debian's
# /usr/bin/python3, on Debian's OpenBLAS, is what the committed figures used; a pyenv python3
# without NumPy first on PATH gives no peer: set PYTHON=/usr/bin/python3).
# `repeat` is the number of timed calls at n = 2048; both sides time 8x as many per halving of n
# (5 -> 2560 calls at 256), so that the small sizes' medians are not a handful of calls.
# Usage: bench/run_linalg_matmul_cpu_interleaved.sh BIN_DIR OUT_DIR [rounds] [repeat]
# e.g. PYTHON=/usr/bin/python3 bash bench/run_linalg_matmul_cpu_interleaved.sh build/bench OUT 5 5
set -euo pipefail
bin="$1"
out="$2"
rounds="${3:-5}"
repeat="${4:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
: > "$out/gpucc.jsonl"
: > "$out/peers.jsonl"
{ nproc; grep -m1 "model name" /proc/cpuinfo; uptime; } > "$out/machine.txt"
for round in $(seq 1 "$rounds"); do
    "$bin/linalg_matmul_bench" cpu-sweep "$repeat" >> "$out/gpucc.jsonl"
    PYTHONUNBUFFERED=1 "${PYTHON:-python3}" "$here/peers_linalg_matmul.py" cpu-sweep "$repeat" >> "$out/peers.jsonl"
    echo "round $round: $(uptime)" >> "$out/machine.txt"
done
"${PYTHON:-python3}" "$here/report_linalg_matmul.py" "$out" > "$out/report.md"
cat "$out/report.md"
