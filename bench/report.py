"""Turns the JSON lines of elementwise_bench and peers_elementwise.py (one run, one GPU) into the
markdown table committed under bench/results/, with the ratios the targets are stated in."""
import json
import sys

gpu = open(sys.argv[1]).read().strip()
rows = []
for path in sys.argv[2:]:
    for line in open(path):
        line = line.strip()
        if line.startswith("{"):
            rows.append(json.loads(line))


def find(prefix):
    for row in rows:
        if row["work"].startswith(prefix):
            return row
    return None


print(f"GPU: {gpu}\n")
print("| work | ms | GB/s | us |")
print("|---|---|---|---|")
for row in rows:
    if "ms" in row or "us" in row or "GBps" in row:
        ms = f"{row['ms']:.4f}" if "ms" in row else ""
        gbps = f"{row['GBps']:.1f}" if "GBps" in row else ""
        us = f"{row['us']:.2f}" if "us" in row else ""
        print(f"| {row['work']} | {ms} | {gbps} | {us} |")
    else:
        print(f"| {row['work']}: {', '.join(f'{k}={v}' for k, v in row.items() if k != 'work')} | | | |")

copy = find("cupy D2D copy")
cupy_sd = find("cupy ElementwiseKernel squared_diff")
print("\nRatios (same run):\n")
for name in ("add 2^", "squared_diff 2^"):
    ours = find(name)
    if ours and copy:
        line = f"- gpucc {ours['work']}: {100 * ours['GBps'] / copy['GBps']:.1f}% of D2D copy bandwidth"
        if cupy_sd:
            line += f", {ours['GBps'] / cupy_sd['GBps']:.2f}x CuPy ElementwiseKernel squared_diff"
        print(line)
copy_16m = find("cupy D2D copy 4096x4096")
for name, peer in (("broadcast add", "cupy broadcast add"), ("transposed add", "cupy transposed add")):
    ours, theirs = find(name), find(peer)
    if ours and copy:
        line = f"- gpucc {ours['work']}: {100 * ours['GBps'] / copy['GBps']:.1f}% of D2D copy bandwidth (2^28)"
        if copy_16m:
            line += f", {100 * ours['GBps'] / copy_16m['GBps']:.1f}% of the same-size D2D copy"
        if theirs:
            line += f", {ours['GBps'] / theirs['GBps']:.2f}x CuPy ({100 * theirs['GBps'] / copy['GBps']:.1f}% of copy)"
        print(line)
for ours in [row for row in rows if row["work"].startswith("ufunc ")]:
    theirs = find("cupy " + ours["work"])
    if copy:
        line = f"- gpucc {ours['work']}: {100 * ours['GBps'] / copy['GBps']:.1f}% of D2D copy bandwidth"
        if theirs:
            line += f", {ours['GBps'] / theirs['GBps']:.2f}x CuPy ({100 * theirs['GBps'] / copy['GBps']:.1f}% of copy)"
        print(line)
overhead = find("host overhead per generated call")
cupy_overhead = find("cupy host overhead, tiny ElementwiseKernel")
if overhead and cupy_overhead:
    print(f"- host overhead: {overhead['us']:.2f} us per gpucc call vs {cupy_overhead['us']:.2f} us CuPy "
          f"ElementwiseKernel ({overhead['us'] / cupy_overhead['us']:.2f}x)")
