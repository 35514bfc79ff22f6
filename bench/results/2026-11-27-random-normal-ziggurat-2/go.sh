#!/usr/bin/env bash
# One GPU run of the second ziggurat measurement: the card, the SASS counts, the timing of
# bench/random_normal_ziggurat.py (fast_form, uniform_float32 and the ziggurat kernels, twice in
# alternation, each ziggurat kernel checked bit for bit against the CPU reference), then an Nsight
# Compute profile of the first launch of each kernel in PROFILE (selected sections), then the
# load. Run from the repository root as `bash .gpu/zig2/go.sh` with, in .gpu/zig2/: this script,
# variants.cubin, zig.cubin, ziggurat_tables.bin, reference.bin, random_normal_ziggurat.py and
# cuda_driver.py (README.md says how each is made).
set -u
d=.gpu/zig2; o=$OUT
# Call 1 ran it without the closing archive step and the L1 line of the profile summary; call 2
# without that L1 line. The first call (call1/) ran with NAMES "fast_form uniform_float32
# zig_fast_only zig_persist32_lb1 zig_persist32_noslow zig_persist_tile1k zig_persist_tile2k
# zig_persist_tile2k_noslow", PROFILE "zig_fast_only zig_persist32_lb1 zig_persist32_noslow
# zig_persist_tile2k".
# The second (call2/) with NAMES "fast_form uniform_float32 zig_fast_only
# zig_persist32_lb1 zig_persist_tile1k zig_persist_mask1k zig_persist_mask2k
# zig_persist_mask2k_noslow zig_persist_mask2k_lb6 zig_persist_mask1k_lb4 zig_persist_mask1k_lb3",
# PROFILE "zig_persist32_lb1 zig_persist_tile2k zig_persist_mask2k zig_persist_mask1k_lb4".
NAMES=${NAMES:-"fast_form uniform_float32 zig_fast_only zig_fast_test zig_fast_test_smem zig_persist32_lb1 zig_persist_mask2k zig_persist_mask2k_ld64 zig_persist_mask2k_smem zig_persist_mask2k_smem_noslow zig_persist_mask1k_smem"}
PROFILE=${PROFILE:-"zig_fast_test zig_fast_test_smem zig_persist_mask2k_ld64 zig_persist_mask2k_smem"}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $o/gpu.txt; cat $o/gpu.txt
(nvdisasm -c $d/zig.cubin || cuobjdump -sass $d/zig.cubin) > $o/zig.sass 2>&1
python3 bench/results/2026-11-27-random-float32-exact/count_sass.py $o/zig.sass > $o/sass_counts.txt 2>&1
cat /proc/loadavg > $o/loadavg_before.txt
PYTHONUNBUFFERED=1 ROUNDS=2 timeout 120 python3 $d/random_normal_ziggurat.py $d/variants.cubin $d/zig.cubin \
  $d/ziggurat_tables.bin $d/reference.bin $NAMES 2>&1 | tee $o/ziggurat.jsonl
cat /proc/loadavg > $o/loadavg.txt
for k in $PROFILE; do
  timeout 60 ncu --clock-control none -k "regex:^${k}\$" -c 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
    --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats \
    --section InstructionStats --section SourceCounters \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum,smsp__inst_executed.sum,smsp__sass_inst_executed_op_local_ld.sum,smsp__sass_inst_executed_op_local_st.sum \
    --export $o/profile_$k python3 $d/random_normal_ziggurat.py $d/variants.cubin $d/zig.cubin \
    $d/ziggurat_tables.bin $d/reference.bin $k > $o/profile_$k.log 2>&1
  if [ ! -f $o/profile_$k.ncu-rep ]; then  # a metric this ncu lacks: the sections alone
    timeout 60 ncu --clock-control none -k "regex:^${k}\$" -c 1 --set full --export $o/profile_$k \
      python3 $d/random_normal_ziggurat.py $d/variants.cubin $d/zig.cubin $d/ziggurat_tables.bin \
      $d/reference.bin $k > $o/profile_$k.log2 2>&1
  fi
  ncu --import $o/profile_$k.ncu-rep --page details > $o/profile_$k.txt 2>&1
  echo "== $k"; grep -E "dram__bytes_read|lts__t_sectors_op_write|Duration|L1/TEX Cache Throughput|Achieved Occupancy|No Eligible|DRAM Throughput|smsp__inst_executed.sum|Warp Cycles Per Issued" $o/profile_$k.txt | head -12
done
# Fewer files come back than this writes: everything in one archive.
(cd $o && tar czf results.tgz --remove-files *.txt *.jsonl *.sass *.log *.ncu-rep 2>/dev/null); ls $o
