"""Turns reduction_bench's and peers_reduction.py's JSON lines (one run, one GPU) into the markdown
table committed under bench/results/, with the issue's targets: full sum and l2norm of 2^28
float32 at >= 97% of copy bandwidth and at least CuPy's CUB sum; sums along either axis of
16384x16384 float32 at >= 95% of copy bandwidth.
Usage: report_reduction.py GPU_TXT GPUCC_JSONL PEERS_JSONL"""
import json
import sys

gpu = open(sys.argv[1]).read().strip()
rows = []
for path, default_tool in ((sys.argv[2], "gpucc"), (sys.argv[3], "")):
    for line in open(path):
        if line.strip().startswith("{"):
            row = json.loads(line)
            rows.append((row.get("tool", default_tool), row))

print(f"GPU: {gpu}\n")
print("| tool | work | ms | GB/s | of the tool's copy |")
print("|---|---|---|---|---|")
figures = {}
for tool, row in rows:
    if "work" not in row:
        print(f"| {tool} | {', '.join(f'{k}={v}' for k, v in row.items() if k != 'tool')} | | | |")
        continue
    figures[(tool, row["work"])] = row
    share = f"{row['of_copy'] * 100:.1f}%" if "of_copy" in row else ""
    print(f"| {tool} | {row['work']} | {row['ms']:.4f} | {row['GBps']:.1f} | {share} |")

print()
def find(tool, prefix):
    for (t, work), row in figures.items():
        if t == tool and work.startswith(prefix):
            return row
    return None

cub = find("cupy", "cp.sum 2^")
for prefix in ("sum 2^", "l2norm 2^"):
    row = find("gpucc", prefix)
    if row is None:
        continue
    verdict = row["of_copy"] >= 0.97 and (cub is None or row["GBps"] >= cub["GBps"])
    versus = f", CuPy's CUB sum {cub['GBps']:.1f} GB/s" if cub else ""
    print(f"- gpucc {row['work']}: {row['of_copy'] * 100:.1f}% of copy, {row['GBps']:.1f} GB/s{versus} "
          f"(target: >= 97% of copy and >= CuPy's sum) - {'met' if verdict else 'NOT met'}")
for prefix in ("sum axis 0", "sum axis 1"):
    row = find("gpucc", prefix)
    if row is None:
        continue
    peer = find("cupy", "cp." + prefix)
    versus = f"; CuPy {peer['of_copy'] * 100:.1f}%" if peer else ""
    print(f"- gpucc {row['work']}: {row['of_copy'] * 100:.1f}% of copy{versus} "
          f"(target: >= 95%) - {'met' if row['of_copy'] >= 0.95 else 'NOT met'}")
