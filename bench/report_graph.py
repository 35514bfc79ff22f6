"""Turns graph_bench's and peers_graph.py's JSON lines (one run, one GPU) into the markdown table
committed under bench/results/, with the target: a captured graph of 100 tiny elementwise calls
replays at under 1 us per kernel. Usage: report_graph.py GPU_TXT GPUCC_JSONL PEERS_JSONL
[PLAIN_JSONL] (gpucc again with GPUCC_PROGRAMMATIC_LAUNCH=0)"""
import json
import sys

gpu = open(sys.argv[1]).read().strip()
rows = []
sources = [(sys.argv[2], "gpucc"), (sys.argv[3], "")]
if len(sys.argv) > 4:
    sources.append((sys.argv[4], "gpucc (programmatic launch off)"))
for path, who in sources:
    rows += [(who, json.loads(line)) for line in open(path) if line.strip().startswith("{")]

print(f"GPU: {gpu}\n")
print("| work | us |")
print("|---|---|")
figures = {}
for who, row in rows:
    name = f"{who} {row['work']}".strip()
    if "us" in row:
        figures[name] = row["us"]
        print(f"| {name} | {row['us']:.3f} |")
    else:
        print(f"| {name}: {', '.join(f'{k}={v}' for k, v in row.items() if k != 'work')} | |")

replay = figures.get("gpucc graph of 100 tiny adds replayed, wall time per kernel")
if replay is not None:
    print(f"\n- gpucc replay: {replay:.3f} us per kernel of wall time "
          f"(target: under 1 us){' - met' if replay < 1.0 else ' - NOT met'}")
    for name, label in (("gpucc 100 tiny adds issued directly (1024 float32, outputs allocated), wall time per kernel",
                         "gpucc's direct calls"),
                        ("cupy graph of 100 tiny adds replayed, wall time per kernel", "CuPy's replay"),
                        ("cupy 100 tiny adds issued directly (1024 float32, outputs allocated), wall time per kernel",
                         "CuPy's direct calls")):
        other = figures.get(name)
        if other is not None:
            print(f"  - {other / replay:.1f}x less than {label} ({other:.3f} us)")
