#!/usr/bin/env bash
# Jit-style kernels on the CPU target (cpu_grid_bench) and NumPy's figures, in one run.
# Usage: bench/run_cpu_grid_bench.sh BUILD_DIR [log2_copy_size] [repeat]
set -euo pipefail
build="$1"
log2_size="${2:-24}"
repeat="${3:-7}"
here="$(cd "$(dirname "$0")" && pwd)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$build/bench/cpu_grid_bench" "$log2_size" "$repeat"
/usr/bin/python3 "$here/peers_cpu_grid.py" "$log2_size" "$repeat"
