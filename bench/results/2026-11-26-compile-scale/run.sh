#!/usr/bin/env bash
# Compile time and peak memory of gpucc on many-instance inputs, before and after instances were
# built in parallel parts (issue 18): `run.sh BEFORE_GPUCC AFTER_GPUCC [OUT_DIR]`. Each input is
# compiled in full (-o: PTX, ptxas, fatbin, host object, header) by BEFORE, then by AFTER with -j1
# and -j2 (and -j with every core, when the machine has more than 2); /usr/bin/time -v gives the
# wall time, the user CPU time and the peak resident memory. The AFTER outputs of every -j are
# compared byte for byte.
set -euo pipefail
before="$1"
after="$2"
out="${3:-$(mktemp -d)}"
mkdir -p "$out"
# 125 instances: CuPy's `X x, Y y -> Z z` with bare placeholders over 5 types (13 types give
# 2,197 instances, about 20 minutes before this change on the development machine).
printf 'module xyz;\nelementwise add3<X, Y, Z>(X x, Y y) -> (Z z) { z = x + y; }\n' > "$out/xyz.dsl"
# 200 small kernels of one instance each.
python3 -c "
print('module small;')
for k in range(200):
    print(f'elementwise k{k}(float32 x) -> (float32 y) {{ y = x * {k}.5f + sin(x); }}')
" > "$out/small.dsl"
measure() { # measure <label> <gpucc> <args...>
    local label="$1"
    shift
    mkdir -p "$out/$label"
    /usr/bin/time -v "$@" --quiet -o "$out/$label" 2> "$out/$label.time" >/dev/null
    printf '%-22s wall %8s  user %8s s  peak RSS %8s KiB\n' "$label" \
        "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out/$label.time")" \
        "$(sed -n 's/.*User time (seconds): //p' "$out/$label.time")" \
        "$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/$label.time")"
}
jobs=(1 2)
if [ "$(nproc)" -gt 2 ]; then jobs+=("$(nproc)"); fi
for input in xyz small; do
    dtypes=()
    [ "$input" = xyz ] && dtypes=(--dtypes=float32,float64,int16,int32,int64)
    measure "$input-before" "$before" "${dtypes[@]}" "$out/$input.dsl"
    for j in "${jobs[@]}"; do
        measure "$input-after-j$j" "$after" -j"$j" "${dtypes[@]}" "$out/$input.dsl"
    done
    for j in "${jobs[@]:1}"; do
        cmp "$out/$input-after-j1/$input.gpucc.o" "$out/$input-after-j$j/$input.gpucc.o"
        cmp "$out/$input-after-j1/$input.gpucc.h" "$out/$input-after-j$j/$input.gpucc.h"
    done
    echo "$input: -j outputs identical"
done
