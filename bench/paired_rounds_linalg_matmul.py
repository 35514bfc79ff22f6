"""Paired comparison of the rounds of bench/run_linalg_matmul_cpu_interleaved.sh: the best-of-rounds
table of report_linalg_matmul.py compares each library's luckiest round, which on a shared machine
says more about the machine than about either library. Here the k-th round of gpucc's sweep is
paired with the k-th round of NumPy's (run right after it, so both met the same load), and each
size reports over all rounds of all folders given: in how many rounds gpucc was at least as fast,
and the median and geometric mean of NumPy's time over gpucc's (above 1: gpucc faster).
Usage: paired_rounds_linalg_matmul.py OUT [MORE_OUT...]"""
import json
import math
import os
import statistics
import sys


def sweep_rows(folder, name, tool):
    rows = []
    for line in open(os.path.join(folder, name)):
        line = line.strip()
        if line.startswith("{"):
            row = json.loads(line)
            if row.get("case") == "sweep" and row.get("tool") == tool and "ms" in row:
                rows.append(row)
    return rows


ratios = {}
for folder in sys.argv[1:]:
    mine = sweep_rows(folder, "gpucc.jsonl", "gpucc")
    peer = sweep_rows(folder, "peers.jsonl", "numpy")
    for key in sorted({(r["dtype"], r["n"]) for r in mine}):
        ours = [r["ms"] for r in mine if (r["dtype"], r["n"]) == key]
        theirs = [r["ms"] for r in peer if (r["dtype"], r["n"]) == key]
        if len(ours) != len(theirs):
            sys.exit(f"{folder}: {key}: {len(ours)} gpucc rounds against {len(theirs)} NumPy rounds")
        ratios.setdefault(key, []).extend(t / o for o, t in zip(ours, theirs))

print("| dtype | n | rounds | gpucc at least as fast in | median NumPy / gpucc | geometric mean |")
print("|---|---|---|---|---|---|")
for (dtype, n), values in sorted(ratios.items()):
    wins = sum(1 for v in values if v >= 1.0)
    geomean = math.exp(sum(math.log(v) for v in values) / len(values))
    print(f"| {dtype} | {n} | {len(values)} | {wins} | {statistics.median(values):.4f} | {geomean:.4f} |")
