#!/usr/bin/env bash
# One GPU run of the ziggurat measurement: the card, the SASS of the ziggurat kernels and their
# instruction counts, then bench/random_normal_ziggurat.py (fast_form, uniform_float32 and the
# ziggurat kernels, twice in alternation, each ziggurat kernel checked bit for bit against the CPU
# reference), then the load. Run from the repository root as `bash .gpu/zig/go.sh` with, in
# .gpu/zig/: this script, variants.cubin and zig.cubin (gpucc --emit=ptx --arch=90, ptxas
# -arch=sm_90 -O3 of bench/random_normal_variants.dsl and bench/random_normal_ziggurat.dsl),
# ziggurat_tables.bin (bench/ziggurat_tables.py), reference.bin (the first 2^22 values by
# bench/random_normal_ziggurat_reference.cpp) and random_normal_ziggurat.py.
set -u
d=.gpu/zig; o=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $o/gpu.txt; cat $o/gpu.txt
(nvdisasm -c $d/zig.cubin || cuobjdump -sass $d/zig.cubin) > $o/zig.sass 2>&1
python3 bench/results/2026-11-27-random-float32-exact/count_sass.py $o/zig.sass > $o/sass_counts.txt 2>&1
cat $o/sass_counts.txt
PYTHONUNBUFFERED=1 ROUNDS=2 timeout 180 python3 $d/random_normal_ziggurat.py $d/variants.cubin $d/zig.cubin \
  $d/ziggurat_tables.bin $d/reference.bin 2>&1 | tee $o/ziggurat.jsonl
cat /proc/loadavg > $o/loadavg.txt
