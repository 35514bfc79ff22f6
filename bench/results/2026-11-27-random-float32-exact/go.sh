#!/usr/bin/env bash
# Times the float32 normal variants (fast form, old exact form, exact candidates) twice each in
# alternation through the driver API, counts their SASS instructions, and checks the
# rsqrt-corrected root against sqrt.rn over every t of the draw.
set -u
d=.gpu/wt22f; o=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $o/gpu.txt; cat $o/gpu.txt
(nvdisasm -c $d/variants.cubin || cuobjdump -sass $d/variants.cubin) > $o/variants.sass 2>&1
python3 $d/count_sass.py $o/variants.sass > $o/sass_counts.txt 2>&1; cat $o/sass_counts.txt
timeout 60 python3 $d/check_sqrt.py $d/variants.cubin 2>&1 | tee $o/check_sqrt.txt
PYTHONUNBUFFERED=1 ROUNDS=2 timeout 300 python3 $d/random_normal_variants.py $d/variants.cubin philox_words \
  fast_form exact_old lean_dsl table_dsl lean_rsq_dsl table_rsq_dsl table_smem_rsq_dsl raw_lean raw_lean_ftz raw_lean_rsq raw_lean_rsq_v4 raw_table \
  raw_table_ftz raw_table_rsq raw_table_rsq_v4 raw_ftz_sqrt_v4 uniform_float32 2>&1 | tee $o/variants.jsonl
cat /proc/loadavg > $o/loadavg.txt
