"""Report of bench/run_linalg_matmul_bench.sh: reads OUT/gpucc.jsonl and OUT/peers.jsonl, prints a
Markdown table (gpucc beside each peer, the ratio to the better peer) and writes OUT/gflops.svg,
GFLOP/s against n for the size sweep of every tool and device found. A case measured several
times (run_linalg_matmul_cpu_interleaved.sh's rounds) shows its best: the most TFLOP/s, the
fewest us; host times show the GPU time of one call beside them where measured (gpu_us), and
per-call host times (`percall_*` cases) their 10th and 90th percentiles.
Further folders (e.g. a GPU run beside a CPU one) add their sweeps to the plot only; with
matplotlib present the plot is also written as OUT/gflops.png.
Usage: report.py OUT [MORE_OUT...]"""
import json
import os
import sys

out = sys.argv[1]


def load(name):
    rows = []
    path = os.path.join(out, name)
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line.startswith("{"):
                rows.append(json.loads(line))
    return rows


rows = load("gpucc.jsonl") + load("peers.jsonl")
plot_rows = list(rows)
for extra in sys.argv[2:]:
    for name in ("gpucc.jsonl", "peers.jsonl"):
        path = os.path.join(extra, name)
        if os.path.exists(path):
            plot_rows += [json.loads(line) for line in open(path) if line.strip().startswith("{")]
machine = open(os.path.join(out, "machine.txt")).read().strip() if os.path.exists(
    os.path.join(out, "machine.txt")) else "?"
tools = []
for r in rows:
    if r.get("tool") not in tools and "case" in r:
        tools.append(r["tool"])
print(f"Machine: {machine.splitlines()[0] if machine else '?'}\n")
printed_info = []
for r in rows:
    if "info" in r and (r["tool"], str(r["info"])) not in printed_info:
        printed_info.append((r["tool"], str(r["info"])))
        print(f"{r['tool']} threads: {r['info']}\n")
keys = []
table = {}
for r in rows:
    if "case" not in r:
        continue
    key = (r.get("device"), r["case"], r["dtype"], r.get("batch", 1), r.get("n", 64))
    if key not in keys:
        keys.append(key)
    best = table.get((key, r["tool"], "v"))
    if "tflops" in r:
        if best is None or r["tflops"] > best:
            table[(key, r["tool"])] = f"{r['tflops']:.2f} TFLOP/s ({r['ms']:.3f} ms)"
            table[(key, r["tool"], "v")] = r["tflops"]
    elif "us" in r:
        if best is None or -r["us"] > best:
            gpu = f" (GPU {r['gpu_us']:.2f} us)" if "gpu_us" in r else ""
            spread = (f" [p10 {r['p10_us']:.2f}, p90 {r['p90_us']:.2f}]"
                      if "p10_us" in r else "")
            table[(key, r["tool"])] = f"{r['us']:.2f} us{spread}{gpu}"
            table[(key, r["tool"], "v")] = -r["us"]  # less is better
    else:
        table[(key, r["tool"])] = "error: " + r.get("error", "?")[:80]
print("| device | case | dtype | batch | n | " + " | ".join(tools) + " | gpucc / best peer |")
print("|" + "---|" * (6 + len(tools)))
for key in keys:
    cells = [table.get((key, t), "-") for t in tools]
    mine = table.get((key, "gpucc", "v"))
    peers = [table.get((key, t, "v")) for t in tools if t != "gpucc"]
    peers = [p for p in peers if p is not None]
    ratio = "-"
    if mine is not None and peers:
        best = max(peers)
        ratio = f"{(mine / best if mine > 0 else best / mine):.3f}"
    print("| " + " | ".join(str(k) for k in key) + " | " + " | ".join(cells) + f" | {ratio} |")

# The plot: GFLOP/s against n, one line per (tool, device, dtype) of the sweep.
best_points = {}
for r in plot_rows:
    if r.get("case") == "sweep" and "tflops" in r:
        point = (f"{r['tool']} {r['device']} {r['dtype']}", r["n"])
        best_points[point] = max(best_points.get(point, 0.0), r["tflops"] * 1000)
series = {}
for (name, n), gflops in best_points.items():
    series.setdefault(name, []).append((n, gflops))
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
if series and plt is not None:
    figure, axes = plt.subplots(figsize=(7, 4.5))
    for name, points in sorted(series.items()):
        points.sort()
        axes.plot([n for n, _ in points], [g for _, g in points], marker="o", label=name)
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    axes.set_xlabel("n (n x n x n matmul)")
    axes.set_ylabel("GFLOP/s")
    axes.set_title("matmul: gpucc (CPU, GPU), NumPy, CuPy, PyTorch")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(os.path.join(out, "gflops.png"), dpi=110)
    print(f"\nPlot: gflops.png (matplotlib, log scales)")
if series:
    import math
    width, height, left, bottom = 640, 400, 70, 50
    xs = sorted({n for s in series.values() for n, _ in s})
    top = max(g for s in series.values() for _, g in s) * 1.1
    lo, hi = math.log2(xs[0]), math.log2(xs[-1]) if len(xs) > 1 else math.log2(xs[0]) + 1

    def px(n):
        return left + (math.log2(n) - lo) / (hi - lo) * (width - left - 20)

    def py(g):
        return height - bottom - g / top * (height - bottom - 20)

    colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"]
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           'font-family="sans-serif" font-size="11">',
           f'<line x1="{left}" y1="{height-bottom}" x2="{width-20}" y2="{height-bottom}" stroke="black"/>',
           f'<line x1="{left}" y1="20" x2="{left}" y2="{height-bottom}" stroke="black"/>',
           f'<text x="{width/2}" y="{height-10}" text-anchor="middle">n (n x n x n matmul)</text>',
           f'<text x="15" y="{height/2}" transform="rotate(-90 15 {height/2})" '
           'text-anchor="middle">GFLOP/s</text>']
    for n in xs:
        svg.append(f'<text x="{px(n):.1f}" y="{height-bottom+15}" text-anchor="middle">{n}</text>')
    for i in range(5):
        g = top * i / 4
        svg.append(f'<text x="{left-5}" y="{py(g):.1f}" text-anchor="end">{g:.0f}</text>')
    for i, (name, points) in enumerate(sorted(series.items())):
        color = colors[i % len(colors)]
        points.sort()
        path = " ".join(f"{px(n):.1f},{py(g):.1f}" for n, g in points)
        svg.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        svg.append(f'<text x="{left+10}" y="{30+14*i}" fill="{color}">{name}</text>')
    svg.append("</svg>")
    open(os.path.join(out, "gflops.svg"), "w").write("\n".join(svg) + "\n")
    print(f"\nPlot: gflops.svg (GFLOP/s against n: {', '.join(sorted(series))})")
