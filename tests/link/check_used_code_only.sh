#!/usr/bin/env bash
# Programs pull only what they use: runs PROGRAM (add, exp and sum from the standard library),
# then checks with nm that it holds the host code of those kernels and none of the kernels it
# never calls (another ufunc family, another ufunc of the same family, another reduction).
# Usage: check_used_code_only.sh PROGRAM NM
set -euo pipefail
program="$1"
nm_tool="$2"
GPUCC_DEVICE="${GPUCC_DEVICE:-cpu}" "$program"
symbols="$("$nm_tool" "$program")"
expect() {
    if ! grep -q -- "$1" <<<"$symbols"; then
        echo "link check: $program lacks $1, which it calls" >&2
        exit 1
    fi
}
reject() {
    if grep -q -- "$1" <<<"$symbols"; then
        echo "link check: $program holds $1, which it never calls:" >&2
        grep -- "$1" <<<"$symbols" | head -3 >&2
        exit 1
    fi
}
expect "gpucc_stdlib_arithmetic__add__float32__host"
expect "gpucc_stdlib_math_float__exp__float32__host"
expect "gpucc_stdlib_reduction_sum__sum_float__float32__host_partial"
reject "gpucc_stdlib_bitwise__"
reject "gpucc_stdlib_arithmetic__power_"
reject "gpucc_stdlib_math_float__arctan2__"
reject "gpucc_stdlib_reduction_spread__"
reject "gpucc_stdlib_reduction_sum__prod_"
echo "link check: only the kernels $program calls are linked ($(stat -c %s "$program") bytes)"
