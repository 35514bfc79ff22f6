#!/usr/bin/env bash
# Runs gpucc::random's benchmark (random_bench) and its peers (peers_random.py) in one go; one
# JSON object per line in OUT_DIR/gpucc.jsonl and OUT_DIR/peers.jsonl, a table in report.md.
# Usage: bench/run_random_bench.sh [permutation] gpu|cpu BIN_DIR OUT_DIR [repeat]
#   gpu: on the GPU machine, CuPy (its Generator and cuRAND) and PyTorch as peers;
#   cpu: here, NumPy's Generator as the peer;
#   permutation first: the permutation rows alone.
set -euo pipefail
only=()
if [ "$1" = permutation ]; then
    only=(permutation)
    shift
fi
mode="$1"
bin="$2"
out="$3"
repeat="${4:-10}"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$mode" = gpu ]; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/machine.txt" || true
else
    { nproc; grep -m1 "model name" /proc/cpuinfo; uptime; } > "$out/machine.txt"
fi
# NumPy on the CPU is Debian's python3-numpy (tools/setup.sh), under /usr/bin.
python=python3
if [ "$mode" = cpu ] && [ -x /usr/bin/python3 ]; then
    python=/usr/bin/python3
fi
"$bin/random_bench" "${only[@]}" "$mode" "$repeat" | tee "$out/gpucc.jsonl"
PYTHONUNBUFFERED=1 "$python" "$here/peers_random.py" "${only[@]}" "$mode" "$repeat" | tee "$out/peers.jsonl" || true
python3 - "$out" > "$out/report.md" <<'PY'
import json, sys, pathlib
out = pathlib.Path(sys.argv[1])
rows = []
for name in ("gpucc.jsonl", "peers.jsonl"):
    for line in (out / name).read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:
            pass
print("| tool | case | dtype | ms | GB/s |")
print("|---|---|---|---|---|")
for r in rows:
    if "gbps" in r:
        print(f"| {r['tool']} | {r['case']} | {r['dtype']} | {r['ms']:.3f} | {r['gbps']:.2f} |")
    elif "warm_ms" in r:
        context = f"context {r['context_ms']:.3f}, " if "context_ms" in r else ""
        print(f"| {r['tool']} | {r['case']} | | {context}cold {r['cold_ms']:.3f}, warm {r['warm_ms']:.3f} | |")
    elif "error" in r:
        print(f"| {r['tool']} | {r.get('case', '')} | {r.get('dtype', '')} | error: {r['error'][:80]} | |")
PY
cat "$out/report.md"
