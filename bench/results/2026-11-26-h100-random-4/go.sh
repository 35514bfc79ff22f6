#!/usr/bin/env bash
# wt22 GPU run 4 (issue 22): random_tests_gpu (+ GPUCC_SEED), random_curand_tests_gpu, the random
# bench with its CuPy / cuRAND / torch peers, and the normal_float32 variants (timings, error,
# SASS). Run from the repository root: bash .gpu/wt22/go.sh
here="$(cd "$(dirname "$0")" && pwd)"
bin=/tmp/gpucc-bin
mkdir -p "$bin" && tar xJf "$here/bundle.tar.xz" -C "$bin"
export LD_LIBRARY_PATH="$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:/usr/local/cuda/lib64"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt"
t() { local name="$1"; shift; local s=$SECONDS; timeout 90 "$@" > "$OUT/$name.log" 2>&1; echo "$name: exit $? in $((SECONDS - s)) s; $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/$name.log" | tr '\n' ' ')"; }
t random_tests_gpu "$bin/random_tests_gpu"
t random_gpu_seed_env env GPUCC_SEED=4242 "$bin/random_tests_gpu" --gtest_filter='RandomSeedEnvironment.*'
t random_curand_tests_gpu "$bin/random_curand_tests_gpu"
/usr/local/cuda/bin/nvdisasm -c "$here/variants.cubin" > "$OUT/normal_variants.sass" 2>&1
timeout 45 python3 "$here/random_normal_variants.py" "$here/variants.cubin" > "$OUT/normal_variants.jsonl" 2>&1
echo "variants: exit $?"
mkdir -p "$OUT/bench"
timeout 170 bash "$here/run_random_bench.sh" gpu "$bin" "$OUT/bench" 10 > /dev/null 2>&1
echo "bench: exit $?"
cat "$OUT/normal_variants.jsonl" "$OUT/bench/report.md"; grep first_value "$OUT/bench/gpucc.jsonl"
grep -h "normal float32 on\|FAILED" "$OUT"/*.log | head -20
