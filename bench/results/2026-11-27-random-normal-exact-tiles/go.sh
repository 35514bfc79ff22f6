#!/usr/bin/env bash
# The runs of this folder on the GPU machine: DIR holds loop.cubin, lang.cubin, lang2.cubin, lib.cubin
# (see README.md for how each is made), run.py, bench/cuda_driver.py and count_sass.py (from
# bench/results/2026-11-27-random-float32-exact); the kernels
# to time are the arguments. SASS counts from nvdisasm on that machine.
set -u
d="$1"; shift; o=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $o/gpu.txt; cat $o/gpu.txt
(for c in loop lang lang2; do [ -f $d/$c.cubin ] && nvdisasm -c $d/$c.cubin; done) > $o/loop.sass 2>&1
python3 $d/count_sass.py $o/loop.sass > $o/sass_counts.txt 2>&1
cd $d && PYTHONUNBUFFERED=1 ROUNDS=2 LANG_CUBIN=lang.cubin LIB_CUBIN=lib.cubin LANG2_CUBIN=lang2.cubin \
    timeout 400 python3 run.py loop.cubin "$@" 2>&1 | tee $o/variants.jsonl
cat /proc/loadavg > $o/loadavg.txt
