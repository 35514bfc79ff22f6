# The second GPU run (the Poisson table and the one-pass beta kernel): random_tests_gpu, then
# poisson and beta against CuPy, gpucc before the change (random_bench_before, the base commit's
# build), gpucc after it and CuPy alternating, three rounds at 2^24 and one at 2^20. Run from the
# repository root with the bundle as .gpu/k/x.tar.xz (random_tests_gpu, random_bench,
# random_bench_before, peers_random.py, peers_common.py, go.sh).
set -u
r=$(mktemp -d) && tar xJf .gpu/k/x.tar.xz -C "$r"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
cat /proc/loadavg > $OUT/loadavg.txt
timeout 90 $r/tests/random_tests_gpu > $OUT/random_tests_gpu.log 2>&1; echo "random_tests_gpu rc=$?"
grep -E "FAILED|PASSED|tests ran" $OUT/random_tests_gpu.log | head -20
export RANDOM_BENCH_CASES="poisson(4)|poisson(100)|poisson(999)|poisson(1000)|beta(2,3)"
for log2n in 24 24 24 20; do
  timeout 30 $r/bench/random_bench_before methods $log2n 5 gpu >> $OUT/before_$log2n.jsonl 2>&1
  timeout 30 $r/bench/random_bench methods $log2n 5 gpu >> $OUT/after_$log2n.jsonl 2>&1
  timeout 60 python3 $r/bench/peers_random.py methods $log2n 5 gpu >> $OUT/cupy_$log2n.jsonl 2>&1
  cat /proc/loadavg >> $OUT/loadavg.txt
done
cut -c1-150 $OUT/*_24.jsonl | grep -v gbps | head; wc -l $OUT/*.jsonl
