#!/usr/bin/env bash
# gpucc's peak resident set while it generates the header of a file of many kernels, for an old
# and a new gpucc in one run: --emit=header (sema, then the header to stdout) against --emit=ir
# (sema, then the kernel IR printed through a buffered stream: the base without a header).
# Usage: measure_header.sh OLD_GPUCC NEW_GPUCC INPUT_DIR (from compiler_scale_inputs.py)
set -euo pipefail
old=$1 new=$2 inputs=$3
for n in 1000 10000; do
    dsl=$inputs/many_kernels_$n.dsl
    for which in old new; do
        gpucc=${!which}
        /usr/bin/time -f "$which --emit=ir     $n kernels: %e s wall, %M kB max RSS" \
            "$gpucc" --emit=ir "$dsl" 2>&1 >/dev/null | tail -1
        /usr/bin/time -f "$which --emit=header $n kernels: %e s wall, %M kB max RSS" \
            "$gpucc" --emit=header "$dsl" 2>&1 >"$which-$n.h" | tail -1
    done
    cmp old-$n.h new-$n.h && echo "headers of $n kernels identical ($(wc -c <new-$n.h) bytes)"
    rm -f old-$n.h new-$n.h
done
