#!/usr/bin/env bash
# wtnm GPU run 1 (issue 22, normal float32): the normal_float32 variants of
# bench/random_normal_variants.dsl (driver-API timing, error, SASS) and the random bench with its
# CuPy / cuRAND / torch peers. Run from the repository root: bash .gpu/wtnm/go.sh
here="$(cd "$(dirname "$0")" && pwd)"
bin=/tmp/gpucc-bin
mkdir -p "$bin" && tar xJf "$here/bundle.tar.xz" -C "$bin"
export LD_LIBRARY_PATH="$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:/usr/local/cuda/lib64"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt"
/usr/local/cuda/bin/nvdisasm -c "$here/variants.cubin" > "$OUT/normal_variants.sass" 2>&1
timeout 60 python3 "$here/random_normal_variants.py" "$here/variants.cubin" > "$OUT/normal_variants.jsonl" 2>&1
echo "variants: exit $?"
mkdir -p "$OUT/bench"
timeout 170 bash "$here/run_random_bench.sh" gpu "$bin" "$OUT/bench" 10 > "$OUT/bench/stdout.txt" 2>&1
echo "bench: exit $?"
cat "$OUT/machine.txt" "$OUT/normal_variants.jsonl" "$OUT/bench/report.md"; grep first_value "$OUT/bench/gpucc.jsonl"
ls -la "$OUT" "$OUT/bench"
