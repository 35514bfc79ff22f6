set -u
mkdir -p /tmp/r && tar xJf .gpu/b/x.tar.xz -C /tmp/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
GPUCC_SUITE_TIMEOUT=280 bash tools/run_on_gpu.sh /tmp/r $OUT/suites 2>&1 | tail -40
mkdir -p /tmp/extra
export LD_LIBRARY_PATH=/tmp/r/lib:${LD_LIBRARY_PATH:-}
chmod +x /tmp/r/bench/random_bench
cat /proc/loadavg > /tmp/extra/loadavg.txt
timeout 150 /tmp/r/bench/random_bench gpu 10 > /tmp/extra/random_bench_gpu.jsonl 2>&1
timeout 150 python3 bench/peers_random.py gpu 10 > /tmp/extra/peers_random_gpu.jsonl 2>&1
grep -h '"normal\|exponential' /tmp/extra/random_bench_gpu.jsonl | head -12
tar czf $OUT/extra.tgz -C /tmp/extra .
