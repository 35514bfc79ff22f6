#!/usr/bin/env bash
# Issue 20's CPU comparison on a shared machine: linalg_decomp_bench cpu and NumPy's peer
# (peers_linalg_decomp.py cpu) alternate for ROUNDS rounds, so load from other users falls on
# both, and each case keeps its best (lowest) median over the rounds. All rounds' lines go to
# OUT_DIR/cpu_rounds.jsonl, the best ones to OUT_DIR/cpu.jsonl (report_linalg_decomp.py's input).
# Usage: bench/run_linalg_decomp_cpu_interleaved.sh BIN_DIR OUT_DIR [rounds] [repeat]
#   BIN_DIR holds linalg_decomp_bench; PYTHON names an interpreter with NumPy.
set -uo pipefail
bin="$(cd "$1" && pwd)"
out="$2"
rounds="${3:-5}"
repeat="${4:-3}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
status=0
: > "$out/cpu_rounds.jsonl"
for ((round = 1; round <= rounds; ++round)); do
    "$bin/linalg_decomp_bench" cpu "$repeat" >> "$out/cpu_rounds.jsonl" || status=1
    "${PYTHON:-python3}" "$here/peers_linalg_decomp.py" cpu "$repeat" >> "$out/cpu_rounds.jsonl" ||
        status=1
done
"${PYTHON:-python3}" - "$out/cpu_rounds.jsonl" "$rounds" "$repeat" > "$out/cpu.jsonl" <<'PY'
import json
import sys

best = {}
for line in open(sys.argv[1]):
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    key = (r["tool"], r["routine"], r["dtype"], r["batch"], r["n"])
    if key not in best or r["ms"] < best[key]["ms"]:
        best[key] = r
print(json.dumps({"command": f"run_linalg_decomp_cpu_interleaved.sh BIN OUT {sys.argv[2]} "
                  f"{sys.argv[3]} (best of {sys.argv[2]} rounds)"}))
for r in best.values():
    print(json.dumps(r))
PY
exit $status
