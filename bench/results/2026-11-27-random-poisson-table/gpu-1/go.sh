# One GPU run of the Poisson table change: random_tests_gpu, then poisson and beta against CuPy
# at 2^24, gpucc before the change (random_bench_before, the base commit's build), gpucc after it
# and CuPy alternating, two rounds. Run from the repository root with the bundle as
# .gpu/k/x.tar.xz (random_tests_gpu, random_bench, random_bench_before, peers_random.py, go.sh).
set -u
r=$(mktemp -d) && tar xJf .gpu/k/x.tar.xz -C "$r"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
cat /proc/loadavg > $OUT/loadavg.txt
timeout 90 $r/tests/random_tests_gpu > $OUT/random_tests_gpu.log 2>&1; echo "random_tests_gpu rc=$?"
grep -E "FAILED|PASSED|tests ran" $OUT/random_tests_gpu.log | head -20
export RANDOM_BENCH_CASES="${CASES:-poisson(4)|poisson(100)|poisson(999)|poisson(1000)|beta(2,3)}"
for round in 1 2; do
  timeout 30 $r/bench/random_bench_before methods 24 5 gpu >> $OUT/before_24.jsonl 2>&1
  timeout 30 $r/bench/random_bench methods 24 5 gpu >> $OUT/after_24.jsonl 2>&1
  timeout 60 python3 $r/bench/peers_random.py methods 24 5 gpu >> $OUT/cupy_24.jsonl 2>&1
done
cat /proc/loadavg >> $OUT/loadavg.txt
cut -c1-160 $OUT/*_24.jsonl
