set -u
mkdir -p /tmp/r && tar xJf .gpu/o/x.tar.xz -C /tmp/r
GPUCC_SUITE_TIMEOUT=250 bash tools/run_on_gpu.sh /tmp/r $OUT/o 2>&1 | tail -30
mkdir -p /tmp/extra
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
LD_LIBRARY_PATH=/tmp/r/lib timeout 200 $CS --tool memcheck /tmp/r/suites/image_group_tests_gpu > /tmp/extra/image_group_tests_gpu.memcheck.log 2>&1; echo "rc $?" >> /tmp/extra/image_group_tests_gpu.memcheck.log
LD_LIBRARY_PATH=/tmp/r/lib timeout 200 $CS --tool racecheck /tmp/r/suites/reduction_kernel_tests_gpu > /tmp/extra/reduction_kernel_tests_gpu.racecheck.log 2>&1; echo "rc $?" >> /tmp/extra/reduction_kernel_tests_gpu.racecheck.log
chmod +x /tmp/r/bench/random_bench; LD_LIBRARY_PATH=/tmp/r/lib timeout 200 /tmp/r/bench/random_bench gpu 10 > /tmp/extra/random_bench.jsonl 2>&1
tail -3 /tmp/extra/*.log; grep -h '"normal"\|uniform' /tmp/extra/random_bench.jsonl
tar czf $OUT/extra.tgz -C /tmp/extra .
