"""Turns memory_bench's Google Benchmark JSON and peers_memory.py's JSON lines (one run, one GPU)
into the markdown table committed under bench/results/, with the ratios the targets are stated in
(pool allocate+free of 1 MiB at most 0.3 us; CuPy's pool; cuMemAlloc+cuMemFree).
Usage: report_memory.py GPU_TXT GPUCC_JSON PEERS_JSONL"""
import json
import sys

gpu = open(sys.argv[1]).read().strip()
ours = json.load(open(sys.argv[2]))
peers = [json.loads(line) for line in open(sys.argv[3]) if line.strip().startswith("{")]

UNIT_TO_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def us(benchmark):
    # Real time per iteration. With N threads, Google Benchmark divides the wall time by the pairs
    # of all threads together: the inverse of the throughput, not one thread's latency.
    return benchmark["real_time"] * UNIT_TO_US[benchmark["time_unit"]]


print(f"GPU: {gpu}\n")
context = ours.get("context", {})
print(f"Host: {context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz; "
      f"Google Benchmark, library built as {context.get('library_build_type', '?')}\n")
print("| work | us per pair (with N threads: wall time / all threads' pairs) |")
print("|---|---|")
figures = {}
for benchmark in ours["benchmarks"]:
    if benchmark.get("run_type") == "aggregate":
        continue
    figures[benchmark["name"]] = us(benchmark)
    print(f"| gpucc {benchmark['name']} | {us(benchmark):.3f} |")
for row in peers:
    if "us" in row:
        figures[row["work"]] = row["us"]
        print(f"| {row['work']} | {row['us']:.3f} |")
    else:
        print(f"| {row['work']}: {', '.join(f'{k}={v}' for k, v in row.items() if k != 'work')} | |")


def find(prefix):
    for name, value in figures.items():
        if name.startswith(prefix):
            return value
    return None


print("\nRatios (same run):\n")
pool = find("alloc_free_1MiB/MemoryPool")
if pool is not None:
    print(f"- gpucc MemoryPool allocate+free of 1 MiB: {pool:.3f} us (target: at most 0.3 us)")
    for name, label in (("cupy MemoryPool", "CuPy's MemoryPool"),
                        ("cupy cudaMalloc+cudaFree", "cudaMalloc+cudaFree through CuPy"),
                        ("alloc_free_1MiB/Unpooled", "gpucc cuMemAlloc+cuMemFree"),
                        ("alloc_free_1MiB/StreamOrdered", "gpucc stream-ordered pool")):
        other = find(name)
        if other is not None:
            print(f"  - {other / pool:.1f}x faster than {label} ({other:.3f} us)")
array = find("empty_array_1MiB/pool")
cupy_empty = find("cupy empty 1 MiB")
if array is not None and cupy_empty is not None:
    print(f"- empty 1 MiB array: gpucc {array:.3f} us vs cupy.empty {cupy_empty:.3f} us")
