"""Tables of bench/run_linalg_decomp_bench.sh's output (issue 20): one row per routine, dtype and
case, gpucc's time beside its peers' and gpucc's ratio to the faster peer (below 1: gpucc is
faster). Usage: report_linalg_decomp.py RESULTS.jsonl"""
import json
import sys


def main(path):
    rows = {}
    tools = []
    for line in open(path):
        line = line.strip()
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        if "routine" not in r:
            continue
        key = (r["routine"], r["dtype"], r["batch"], r["n"])
        if r["tool"] not in tools:
            tools.append(r["tool"])
        rows.setdefault(key, {})[r["tool"]] = r.get("ms", r.get("error", "error"))
    peers = [t for t in tools if t != "gpucc"]
    print("| routine | dtype | case | gpucc ms | " + " | ".join(p + " ms" for p in peers) +
          " | gpucc / best peer |")
    print("|---|---|---|---:|" + "---:|" * len(peers) + "---:|")
    for (routine, dtype, batch, n), times in rows.items():
        case = f"{n}x{n}" if batch == 1 else f"{batch} x {n}x{n}"
        mine = times.get("gpucc")
        peer_times = [times.get(p) for p in peers]
        numeric = [t for t in peer_times if isinstance(t, float)]
        ratio = f"{mine / min(numeric):.2f}" if isinstance(mine, float) and numeric else "-"
        cells = [f"{t:.3f}" if isinstance(t, float) else str(t or "not run") for t in peer_times]
        mine_cell = f"{mine:.3f}" if isinstance(mine, float) else str(mine or "not run")
        print(f"| {routine} | {dtype} | {case} | {mine_cell} | " + " | ".join(cells) +
              f" | {ratio} |")


if __name__ == "__main__":
    main(sys.argv[1])
