# One GPU run of the merge (poisson by its table, beta by the gamma kernel): every single-GPU suite but the fusion ones (the change is the random
# library's), the seed_random example, then every random method against CuPy at 2^24 (two rounds)
# and 2^20. Run from the repository root with the bundle (tools/pack_gpu_run.sh's layout, fusion_*
# suites left out) as .gpu/b/x.tar.xz.
set -u
mkdir -p /tmp/r && tar xJf .gpu/b/x.tar.xz -C /tmp/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
cat /proc/loadavg > $OUT/loadavg.txt
GPUCC_SUITE_TIMEOUT=280 bash tools/run_on_gpu.sh /tmp/r $OUT/suites 2>&1 | tail -40
mkdir -p /tmp/m
export LD_LIBRARY_PATH=/tmp/r/lib:${LD_LIBRARY_PATH:-}
chmod +x /tmp/r/bench/random_bench
for round in 1 2; do
  timeout 150 /tmp/r/bench/random_bench methods 24 5 gpu >> /tmp/m/methods_gpucc_24.jsonl 2>&1
  timeout 150 python3 bench/peers_random.py methods 24 5 gpu >> /tmp/m/methods_cupy_24.jsonl 2>&1
done
timeout 100 /tmp/r/bench/random_bench methods 20 5 gpu >> /tmp/m/methods_gpucc_20.jsonl 2>&1
timeout 100 python3 bench/peers_random.py methods 20 5 gpu >> /tmp/m/methods_cupy_20.jsonl 2>&1
wc -l /tmp/m/*.jsonl; grep -h error /tmp/m/*.jsonl | head -5 | cut -c1-200
grep -h 'poisson\|beta\|gamma' /tmp/m/methods_gpucc_24.jsonl /tmp/m/methods_cupy_24.jsonl | cut -c1-200
cp /tmp/m/*.jsonl $OUT/
