#!/usr/bin/env bash
# Issue 20's figures: linalg_decomp_bench and its peers (peers_linalg_decomp.py) in the same run,
# on the GPU (CuPy and PyTorch) or the CPU (NumPy), each line JSON, into OUT_DIR/<mode>.jsonl.
# Usage: bench/run_linalg_decomp_bench.sh gpu|cpu|gpu-small|cpu-small BIN_DIR OUT_DIR [repeat]
#   gpu-small/cpu-small: the small-matrix crossover sweep (linalg_decomp_bench.cpp says what it
#   runs), with CuPy and PyTorch on the GPU; cpu-small has no peer.
#   BIN_DIR holds linalg_decomp_bench (a build's bench/ folder) and, when run away from the
#   source tree, peers_linalg_decomp.py. PYTHON names the interpreter (one with NumPy for cpu).
set -uo pipefail
mode="$1"
bin="$(cd "$2" && pwd)"
out="$3"
repeat="${4:-10}"
here="$(cd "$(dirname "$0")" && pwd)"
peers="$bin/peers_linalg_decomp.py"
[ -f "$peers" ] || peers="$here/peers_linalg_decomp.py"
mkdir -p "$out"
status=0
{
    echo "{\"command\": \"linalg_decomp_bench $mode $repeat; peers_linalg_decomp.py $mode $repeat\"}"
    "$bin/linalg_decomp_bench" "$mode" "$repeat" || status=1
    if [ "$mode" != cpu-small ]; then
        "${PYTHON:-python3}" "$peers" "$mode" "$repeat" || status=1
    fi
} > "$out/$mode.jsonl" 2> "$out/$mode.stderr"
cat "$out/$mode.jsonl"
exit $status
