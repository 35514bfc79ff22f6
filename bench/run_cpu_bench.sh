#!/usr/bin/env bash
# CPU target against NumPy (Debian's python3-numpy) on this machine, in one run.
# Usage: bench/run_cpu_bench.sh BUILD_DIR [log2_size] [repeat]
set -euo pipefail
build="$1"
log2_size="${2:-24}"
repeat="${3:-30}"
here="$(cd "$(dirname "$0")" && pwd)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
"$build/bench/cpu_bench" "$log2_size" "$repeat"
/usr/bin/python3 "$here/peers_cpu_numpy.py" "$log2_size" "$repeat"
