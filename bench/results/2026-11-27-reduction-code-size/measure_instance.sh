#!/bin/bash
# One reduction instance compiled by two gpucc builds (OLD, NEW): PTX lines and instruction
# counts per entry, the LLVM IR per emitter block, ptxas time (three runs each, interleaved),
# ptxas's registers and stack, SASS size per kernel, and whether the single-block inner loops
# are the same. Usage: measure_instance.sh OLD_GPUCC NEW_GPUCC OUTDIR [PTXAS]
set -u
old=$1 new=$2 out=$3 ptxas=${4:-/usr/local/cuda/bin/ptxas}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cat /proc/loadavg > "$out/loadavg_start.txt"
for v in old new; do
    g=${!v}
    "$g" --emit=ptx --dtypes=float32 "$here/sum_axis1_fused.dsl" > "$out/fused_$v.ptx"
    "$g" --emit=ptx "$here/sum_plain.dsl" > "$out/plain_$v.ptx"
    "$g" --emit=llvm "$here/sum_plain.dsl" > "$out/plain_$v.ll"
    echo "== $v: fused sum_axis1 (float32)"
    python3 "$here/ptx_entry_stats.py" "$out/fused_$v.ptx"
    echo "== $v: plain reduction; the same PTX as the fused one:"
    cmp -s <(sed 's/psum__/X__/g; s/sum_axis1__/X__/g' "$out/plain_$v.ptx") \
        <(sed 's/psum__/X__/g; s/sum_axis1__/X__/g' "$out/fused_$v.ptx") && echo "   same" || echo "   differs"
    echo "== $v: LLVM instructions per emitter block (plain)"
    python3 "$here/llvm_block_sizes.py" "$out/plain_$v.ll"
    "$ptxas" -arch=sm_90 -O3 -v "$out/fused_$v.ptx" -o "$out/fused_$v.cubin" 2>&1 | grep -E "entry|registers"
    python3 "$here/cubin_kernel_sizes.py" "$out/fused_$v.cubin"
    python3 "$here/ptx_single_block_loops.py" "$out/fused_$v.ptx" > "$out/loops_$v.txt"
done
echo "== ptxas -arch=sm_90 -O3 on the fused PTX, user seconds, interleaved"
for round in 1 2 3; do
    for v in old new; do
        /usr/bin/time -f "round $round $v %U s user %e s wall" "$ptxas" -arch=sm_90 -O3 \
            "$out/fused_$v.ptx" -o /dev/null
    done
done 2>&1
echo "== single-block inner loops, old vs new:"
diff "$out/loops_old.txt" "$out/loops_new.txt" > /dev/null && echo "   identical ($(grep -c '^==' "$out/loops_new.txt") loops)" || echo "   differ"
cat /proc/loadavg > "$out/loadavg_end.txt"
echo "load average: $(cat "$out/loadavg_start.txt") / $(cat "$out/loadavg_end.txt")"
