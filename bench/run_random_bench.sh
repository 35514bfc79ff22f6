#!/usr/bin/env bash
# Runs gpucc::random's benchmark (random_bench) and its peers (peers_random.py) in one go; one
# JSON object per line in OUT_DIR/gpucc.jsonl and OUT_DIR/peers.jsonl, a table in report.md.
# Usage: bench/run_random_bench.sh [permutation] gpu|cpu BIN_DIR OUT_DIR [repeat]
#        bench/run_random_bench.sh methods BIN_DIR OUT_DIR [rounds] [repeat]
#   gpu: on the GPU machine, CuPy (its Generator and cuRAND) and PyTorch as peers;
#   cpu: here, NumPy's Generator as the peer;
#   permutation first: the permutation rows alone.
#   methods BIN_DIR OUT_DIR [rounds] [repeat]: every method of the CPU surface, gpucc on
#   Device::cpu() and NumPy's Generator at 2^20 and 2^24 values: `rounds` rounds (default 5), each
#   one process of each tool (one warm-up, then the median of `repeat` timed draws per method,
#   default 3), which goes first alternating, the load (uptime) before each; report.md has the
#   median over the rounds and NumPy's time / gpucc's.
#   RANDOM_BENCH_CASES="gamma(2.5,1)|beta(2,3)" (exported) keeps only those cases in both tools.
#   RANDOM_BENCH_SIZES="16 20 24" (the log2 sizes of `methods`, default "20 24").
set -euo pipefail
if [ "$1" = methods ]; then
    bin="$2"
    out="$3"
    rounds="${4:-5}"
    repeat="${5:-3}"
    here="$(cd "$(dirname "$0")" && pwd)"
    python=python3
    [ -x /usr/bin/python3 ] && python=/usr/bin/python3
    mkdir -p "$out"
    : > "$out/gpucc.jsonl"
    : > "$out/peers.jsonl"
    : > "$out/load.txt"
    { nproc; grep -m1 "model name" /proc/cpuinfo; "$python" -c "import numpy; print('numpy', numpy.__version__)"; } > "$out/machine.txt"
    run_gpucc() { "$bin/random_bench" methods "$1" "$repeat" >> "$out/gpucc.jsonl"; }
    run_numpy() { PYTHONUNBUFFERED=1 "$python" "$here/peers_random.py" methods "$1" "$repeat" >> "$out/peers.jsonl"; }
    for log2n in ${RANDOM_BENCH_SIZES:-20 24}; do
        for round in $(seq 1 "$rounds"); do
            echo "2^$log2n round $round: $(uptime)" >> "$out/load.txt"
            if [ $((round % 2)) = 1 ]; then
                run_gpucc "$log2n"
                run_numpy "$log2n"
            else
                run_numpy "$log2n"
                run_gpucc "$log2n"
            fi
        done
    done
    echo "after: $(uptime)" >> "$out/load.txt"
    python3 - "$out" > "$out/report.md" <<'PY'
import json, sys, pathlib, statistics
out = pathlib.Path(sys.argv[1])
times = {}
for name in ("gpucc.jsonl", "peers.jsonl"):
    for line in (out / name).read_text().splitlines():
        r = json.loads(line)
        times.setdefault((r["n"], r["case"], r["dtype"]), {}).setdefault(r["tool"], []).append(r["ms"])
print("| n | method | dtype | gpucc ms | NumPy ms | NumPy / gpucc | rounds |")
print("|---|---|---|---|---|---|---|")
for (n, case, dtype), tools in times.items():
    g = statistics.median(tools.get("gpucc", [float("nan")]))
    p = statistics.median(tools.get("numpy", [float("nan")]))
    rounds = min(len(tools.get("gpucc", [])), len(tools.get("numpy", [])))
    print(f"| 2^{n.bit_length() - 1} | {case} | {dtype} | {g:.2f} | {p:.2f} | {p / g:.2f} | {rounds} |")
PY
    cat "$out/report.md"
    exit 0
fi
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
