#!/usr/bin/env bash
# Issue 22 on the GPU machine (one run): the random GPU suites of branch wt22, then random_bench
# and random_curand_bench before (main's build) and after (wt22), the peers in the same run. The
# logs are packed into $OUT/results.tgz after each step, so a cut-off run still returns them.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
tree="$(pwd)"
export GPUCC_CURAND_VECTORS="$tree/tests/random/data/cupy14_random_state.txt"
work="$(mktemp -d)"
res="$(mktemp -d)"
tar xJf "$here/bins.tar.xz" -C "$work"
cd "$work"
export LD_LIBRARY_PATH="$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
pack() { tar czf "$OUT/results.tgz" -C "$res" .; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$res/machine.txt" 2>&1
python3 -c "import cupy, torch, numpy; print('cupy', cupy.__version__, 'torch', torch.__version__, 'numpy', numpy.__version__)" >> "$res/machine.txt" 2>&1
start=$(date +%s)
timeout 70 ./random_tests_gpu > "$res/random_tests_gpu.log" 2>&1; echo "rc=$?" >> "$res/random_tests_gpu.log"
GPUCC_SEED=4242 timeout 15 ./random_tests_gpu --gtest_filter='RandomSeedEnvironment.*' > "$res/random_tests_gpu_seed_env.log" 2>&1; echo "rc=$?" >> "$res/random_tests_gpu_seed_env.log"
timeout 45 ./random_curand_tests_gpu > "$res/random_curand_tests_gpu.log" 2>&1; echo "rc=$?" >> "$res/random_curand_tests_gpu.log"
grep -E "PASSED|FAILED|rc=" "$res"/random_*.log
echo "tests took $(( $(date +%s) - start )) s"; pack
mkdir -p "$res/before" "$res/bench" "$res/curand"
timeout 25 ./before/random_bench gpu 10 > "$res/before/gpucc.jsonl" 2>&1; echo "rc=$?" >> "$res/before/gpucc.jsonl"
pack
timeout 80 bash "$tree/bench/run_random_bench.sh" gpu "$work" "$res/bench" 10 > "$res/bench.log" 2>&1; echo "rc=$?" >> "$res/bench.log"
cat "$res/before/gpucc.jsonl"; cat "$res/bench/report.md" 2>/dev/null || tail -n 20 "$res/bench.log"
echo "random bench done at $(( $(date +%s) - start )) s"; pack
timeout 20 ./before/random_curand_bench gpu > "$res/curand/gpucc_before.jsonl" 2>&1; echo "rc=$?" >> "$res/curand/gpucc_before.jsonl"
timeout 20 ./random_curand_bench gpu > "$res/curand/gpucc.jsonl" 2>&1; echo "rc=$?" >> "$res/curand/gpucc.jsonl"
pack
timeout 40 python3 "$here/random_curand_peers.py" > "$res/curand/cupy.jsonl" 2>&1; echo "rc=$?" >> "$res/curand/cupy.jsonl"
cat "$res/curand/"*.jsonl
echo "all done at $(( $(date +%s) - start )) s"; pack
