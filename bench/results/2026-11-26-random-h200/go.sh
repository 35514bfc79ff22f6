#!/usr/bin/env bash
# Issue 22 part A on the GPU machine: the random GPU tests, then random_bench with its peers.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
tar xJf "$here/bins.tar.xz" -C "$work"
cd "$work"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt" 2>&1
python3 -c "import cupy, torch, numpy; print('cupy', cupy.__version__, 'torch', torch.__version__, 'numpy', numpy.__version__)" >> "$OUT/machine.txt" 2>&1
timeout 100 ./random_tests_gpu > "$OUT/random_tests_gpu.log" 2>&1; echo "rc=$?" >> "$OUT/random_tests_gpu.log"
GPUCC_SEED=4242 timeout 20 ./random_tests_gpu --gtest_filter='RandomSeedEnvironment.*' > "$OUT/random_tests_gpu_seed_env.log" 2>&1; echo "rc=$?" >> "$OUT/random_tests_gpu_seed_env.log"
tail -n 4 "$OUT/random_tests_gpu.log"
timeout 110 bash ./run_random_bench.sh gpu "$work" "$OUT/bench" 10 > "$OUT/bench.log" 2>&1; echo "rc=$?" >> "$OUT/bench.log"
cat "$OUT/bench/report.md" 2>/dev/null || tail -n 30 "$OUT/bench.log"
