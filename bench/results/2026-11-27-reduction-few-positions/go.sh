#!/usr/bin/env bash
# old vs new reduction_bench (same session), the reduction GPU suite, racecheck/memcheck of the new test
set -u
d=.gpu/red; o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $o/gpu.txt
chmod +x $d/old/reduction_bench $d/new/reduction_bench $d/reduction_kernel_tests_gpu
timeout 200 $d/reduction_kernel_tests_gpu > $o/reduction_kernel_tests_gpu.log 2>&1; echo "suite rc $?" >> $o/reduction_kernel_tests_gpu.log
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
timeout 150 $CS --tool racecheck $d/reduction_kernel_tests_gpu --gtest_filter='*FewPositions*:*EveryAxisCombination*' > $o/racecheck.log 2>&1; echo "rc $?" >> $o/racecheck.log
timeout 150 $CS --tool memcheck $d/reduction_kernel_tests_gpu --gtest_filter='*FewPositions*:*EveryAxisCombination*:*BothAxes*' > $o/memcheck.log 2>&1; echo "rc $?" >> $o/memcheck.log
for round in 1 2; do
  $d/old/reduction_bench 28 16384 16384 50 > $o/old_$round.jsonl 2>&1
  $d/new/reduction_bench 28 16384 16384 50 > $o/new_$round.jsonl 2>&1
done
timeout 200 bash bench/run_reduction_bench.sh $d/new $o/with_peers > $o/with_peers.log 2>&1
