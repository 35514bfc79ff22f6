# One GPU run of the exact float32 transforms as the default (common_draws.dsl's
# normal_float32_exact, and normal_float32_exact_tiles8 and normal_float64_tiles8 under the
# language's new `#pragma unroll` for large draws), built with the gpucc that has the pragma:
# every single-GPU suite (fusion included: every kernel was recompiled), the examples, the random
# benchmark with its peers (CuPy's Generator and cuRAND, PyTorch) twice, and every random method
# against CuPy at 2^24 (two rounds) and 2^20. Run from the repository root with the bundle
# (tools/pack_gpu_run.sh's layout) as .gpu/b/x.tar.xz. Everything comes back as $OUT/run.tgz (the
# machine returns at most eight files).
set -u
FINAL=$OUT; OUT=/tmp/o; mkdir -p $OUT
mkdir -p /tmp/r && tar xJf .gpu/b/x.tar.xz -C /tmp/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import cupy, torch, numpy; print('cupy', cupy.__version__, 'torch', torch.__version__, 'numpy', numpy.__version__)" >> $OUT/gpu.txt 2>&1
cat /proc/loadavg > $OUT/loadavg.txt
GPUCC_SUITE_TIMEOUT=280 bash tools/run_on_gpu.sh /tmp/r $OUT/suites 2>&1 | tail -45
export LD_LIBRARY_PATH=/tmp/r/lib:${LD_LIBRARY_PATH:-}
chmod +x /tmp/r/bench/* 2>/dev/null
for round in 1 2; do
  timeout 150 bash bench/run_random_bench.sh gpu /tmp/r/bench $OUT/bench-$round 10 > $OUT/bench-$round.log 2>&1; echo "rc=$?" >> $OUT/bench-$round.log
done
grep -h "normal\|uniform |\|integers" $OUT/bench-1/report.md | head -30
mkdir -p /tmp/m
for round in 1 2; do
  timeout 150 /tmp/r/bench/random_bench methods 24 5 gpu >> /tmp/m/methods_gpucc_24.jsonl 2>&1
  timeout 150 python3 bench/peers_random.py methods 24 5 gpu >> /tmp/m/methods_cupy_24.jsonl 2>&1
done
timeout 100 /tmp/r/bench/random_bench methods 20 5 gpu >> /tmp/m/methods_gpucc_20.jsonl 2>&1
timeout 100 python3 bench/peers_random.py methods 20 5 gpu >> /tmp/m/methods_cupy_20.jsonl 2>&1
wc -l /tmp/m/*.jsonl; grep -h error /tmp/m/*.jsonl | head -5 | cut -c1-200
cp /tmp/m/*.jsonl $OUT/
cat /proc/loadavg >> $OUT/loadavg.txt
tar czf $FINAL/run.tgz -C $OUT .
