#!/usr/bin/env bash
# wtnm GPU run 2 (issue 22, normal float32): the library's normal_float32 and exponential_float32
# as three cubins each (before: main's kernels and gpucc; series: the new transform, gpucc without
# the ftz pass; ftz: the new transform with the pass), timed and checked through the driver API
# (bench/random_normal_variants.py), the variants with and without the pass, and, where the
# bundle is here, random_tests_gpu and the random bench with its peers.
# Run from the repository root: bash .gpu/wtnm/go.sh
here="$(cd "$(dirname "$0")" && pwd)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt"
for c in "$here"/*.cubin; do
    /usr/local/cuda/bin/nvdisasm -c "$c" > "$OUT/$(basename "$c" .cubin).sass" 2>&1
done
v() { local out="$1"; shift; timeout 60 python3 "$here/random_normal_variants.py" "$@" > "$OUT/$out.jsonl" 2>&1; echo "$out: exit $?"; }
for round in 1 2; do
    for kind in before series ftz; do
        v "normal_${kind}_$round" "$here/common_$kind.cubin" uniform_float32 normal_float32
        WORDS_CUBIN="$here/common_before.cubin" v "exponential_${kind}_$round" "$here/random_$kind.cubin" exponential_float32
    done
done
v variants_before "$here/variants_before.cubin"
v variants_ftz "$here/variants_ftz.cubin"
if [ -f "$here/bundle.tar.xz" ]; then
    bin=/tmp/gpucc-bin
    mkdir -p "$bin" && tar xJf "$here/bundle.tar.xz" -C "$bin"
    export LD_LIBRARY_PATH="$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:/usr/local/cuda/lib64"
    t() { local name="$1"; shift; local s=$SECONDS; timeout 90 "$@" > "$OUT/$name.log" 2>&1; echo "$name: exit $? in $((SECONDS - s)) s; $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/$name.log" | tr '\n' ' ')"; }
    t random_tests_gpu "$bin/random_tests_gpu"
    t random_gpu_seed_env env GPUCC_SEED=4242 "$bin/random_tests_gpu" --gtest_filter='RandomSeedEnvironment.*'
    mkdir -p "$OUT/bench"
    timeout 170 bash "$here/run_random_bench.sh" gpu "$bin" "$OUT/bench" 10 > "$OUT/bench/stdout.txt" 2>&1
    echo "bench: exit $?"
    cat "$OUT/bench/report.md"; grep first_value "$OUT/bench/gpucc.jsonl"
    grep -h "float32 on\|FAILED" "$OUT"/*.log | head -20
fi
cat "$OUT"/normal_*.jsonl "$OUT"/exponential_*.jsonl "$OUT"/variants_*.jsonl | grep -v '"kernel": "uniform_float32"' | cut -c1-260
