#!/usr/bin/env bash
# Issue 22 on the GPU machine: the random GPU tests (default generator, builtins, CuPy RandomState),
# then random_bench before (main at 1aee68b), with Philox rounds through mulhi (wt22 a5b1bd1) and
# as committed (wt22: 64-bit products in the rounds, __sinf/__cosf in normal float32), with peers.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
export GPUCC_CURAND_VECTORS="$(pwd)/tests/random/data/cupy14_random_state.txt"
work="$(mktemp -d)"
tar xJf "$here/bins.tar.xz" -C "$work"
cd "$work"
export LD_LIBRARY_PATH="$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt" 2>&1
python3 -c "import cupy, torch, numpy; print('cupy', cupy.__version__, 'torch', torch.__version__, 'numpy', numpy.__version__)" >> "$OUT/machine.txt" 2>&1
timeout 100 ./random_tests_gpu > "$OUT/random_tests_gpu.log" 2>&1; echo "rc=$?" >> "$OUT/random_tests_gpu.log"
GPUCC_SEED=4242 timeout 20 ./random_tests_gpu --gtest_filter='RandomSeedEnvironment.*' > "$OUT/random_tests_gpu_seed_env.log" 2>&1; echo "rc=$?" >> "$OUT/random_tests_gpu_seed_env.log"
tail -n 3 "$OUT/random_tests_gpu.log"
if [ -x ./random_curand_tests_gpu ]; then
    timeout 60 ./random_curand_tests_gpu > "$OUT/random_curand_tests_gpu.log" 2>&1; echo "rc=$?" >> "$OUT/random_curand_tests_gpu.log"
    tail -n 3 "$OUT/random_curand_tests_gpu.log"
fi
mkdir -p "$OUT/before"
timeout 40 ./random_bench_before gpu 10 > "$OUT/before/gpucc.jsonl" 2>&1; echo "rc=$?" >> "$OUT/before/gpucc.jsonl"
mkdir -p "$OUT/mulhi_rounds"
timeout 40 ./random_bench_mulhi gpu 10 > "$OUT/mulhi_rounds/gpucc.jsonl" 2>&1; echo "rc=$?" >> "$OUT/mulhi_rounds/gpucc.jsonl"
timeout 120 bash ./run_random_bench.sh gpu "$work" "$OUT/bench" 10 > "$OUT/bench.log" 2>&1; echo "rc=$?" >> "$OUT/bench.log"
cat "$OUT/before/gpucc.jsonl" "$OUT/mulhi_rounds/gpucc.jsonl"
cat "$OUT/bench/report.md" 2>/dev/null || tail -n 30 "$OUT/bench.log"
# One file back (the run returns a limited number of files).
cd "$OUT" && tar czf /tmp/bench_results.tgz . && find "$OUT" -mindepth 1 -delete && mv /tmp/bench_results.tgz "$OUT/results.tgz"
