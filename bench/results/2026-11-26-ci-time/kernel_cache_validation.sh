#!/bin/bash
# runs the exact .dsl commands of a main-like tree, then of a tsan tree configured as check_sanitizers.sh does, sharing one cache
cd <worktree>
rm -rf <cache>
outs="tests/kernels/test_elementwise_kernels.gpucc/elementwise.gpucc.h tests/kernels/test_division_kernels.gpucc/division.gpucc.h runtime/src/stdlib/gpucc_stdlib_kernels.gpucc/math_float.gpucc.h"
for tree in <main-like tree> <tsan tree>; do
  for o in $outs; do
    cmd="$(ninja -C $tree -t commands $o | tail -n 1)"
    echo "$cmd" | cut -c1-400
    /usr/bin/time -f "$tree $o: %U user %S sys %e wall" bash -c "$cmd"
  done
done
cat <cache>/stats.log
for o in $outs; do cmp <main-like tree>/$o <tsan tree>/$o && cmp <main-like tree>/${o%.h}.o <tsan tree>/${o%.h}.o && echo "identical $o and .o"; done
