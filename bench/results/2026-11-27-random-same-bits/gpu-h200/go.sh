#!/usr/bin/env bash
# random_bench of main (old) and of the same-bits branch (new), alternated; the branch's GPU random
# suite; the peers (CuPy, cuRAND, PyTorch) once; the reduction bench with its peers.
set -u
d=.gpu/rb; o=$OUT
chmod +x $d/*/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $o/gpu.txt
timeout 150 $d/new/random_tests_gpu > $o/random_tests_gpu.log 2>&1; echo "rc $?" >> $o/random_tests_gpu.log
for round in 1 2; do
  $d/old/random_bench gpu 10 > $o/old_$round.jsonl 2>&1
  $d/new/random_bench gpu 10 > $o/new_$round.jsonl 2>&1
done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/peers_random.py gpu 10 > $o/peers_random.jsonl 2>&1
timeout 200 bash bench/run_reduction_bench.sh $d/red $o/reduction > $o/reduction.log 2>&1
cd $o && tar czf results.tgz --remove-files *.jsonl *.log reduction gpu.txt
