# The random benchmark with its peers (CuPy's Generator and cuRAND, PyTorch) on an H100, twice, after
# the exact float32 transforms became the default. Run from the repository root with the library
# and random_bench (tools/pack_gpu_run.sh's layout) as .gpu/b/h.tar.xz.
set -u
FINAL=$OUT; OUT=/tmp/o; mkdir -p $OUT /tmp/r && tar xJf .gpu/b/h.tar.xz -C /tmp/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import cupy, torch, numpy; print('cupy', cupy.__version__, 'torch', torch.__version__, 'numpy', numpy.__version__)" >> $OUT/gpu.txt 2>&1
cat /proc/loadavg > $OUT/loadavg.txt
export LD_LIBRARY_PATH=/tmp/r/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  timeout 150 bash bench/run_random_bench.sh gpu /tmp/r/bench $OUT/bench-$round 10 > $OUT/bench-$round.log 2>&1; echo "rc=$?" >> $OUT/bench-$round.log
done
grep -h "normal\|uniform |\|integers" $OUT/bench-1/report.md $OUT/bench-2/report.md | head -60
cat /proc/loadavg >> $OUT/loadavg.txt
tar czf $FINAL/run.tgz -C $OUT .
