"""The matmul report (bench/run_matmul_bench.sh): gpucc's raw kernels and cuBLAS, CuPy's
cp.matmul and RawKernels of the same source, in GFLOP/s per size, as a Markdown table.
Usage: report_matmul.py gpu.txt gpucc.jsonl peers.jsonl"""
import json
import sys


def rows(path):
    try:
        with open(path) as f:
            return [json.loads(line) for line in f if line.strip().startswith("{")]
    except OSError:
        return []


gpu = open(sys.argv[1]).read().strip() if len(sys.argv) > 1 else "unknown GPU"
results = rows(sys.argv[2]) + rows(sys.argv[3])
sizes = sorted({r["n"] for r in results if "n" in r})
impls = []
for r in results:
    if "impl" in r and (r["tool"], r["impl"]) not in impls:
        impls.append((r["tool"], r["impl"]))
print(f"# Matmul, float32, C = A B (tutorial 002, exercise 2)\n\nGPU: {gpu}\n")
print("GFLOP/s (2 n^3 flops / median time); in brackets the time in ms.\n")
print("| tool | implementation | " + " | ".join(f"n = {n}" for n in sizes) + " |")
print("|---|---|" + "---|" * len(sizes))
for tool, impl in impls:
    cells = []
    for n in sizes:
        hit = [r for r in results if r.get("tool") == tool and r.get("impl") == impl and r.get("n") == n]
        cells.append(f"{hit[0]['GFLOPs']:.0f} ({hit[0]['ms']:.3f})" if hit else "-")
    print(f"| {tool} | {impl} | " + " | ".join(cells) + " |")
for r in results:
    if "error" in r:
        print(f"\n{r['tool']}: {r['error']}")
