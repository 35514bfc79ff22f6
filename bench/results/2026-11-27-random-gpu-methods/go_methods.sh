set -u
[ -x /tmp/r/bench/random_bench ] || { mkdir -p /tmp/r && tar xJf .gpu/b/x.tar.xz -C /tmp/r; }
mkdir -p /tmp/m
export LD_LIBRARY_PATH=/tmp/r/lib:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/m/gpu.txt
for round in 1 2; do
  timeout 150 /tmp/r/bench/random_bench methods 24 5 gpu >> /tmp/m/methods_gpucc_24.jsonl 2>&1
  timeout 150 python3 bench/peers_random.py methods 24 5 gpu >> /tmp/m/methods_cupy_24.jsonl 2>&1
done
timeout 100 /tmp/r/bench/random_bench methods 20 5 gpu >> /tmp/m/methods_gpucc_20.jsonl 2>&1
timeout 100 python3 bench/peers_random.py methods 20 5 gpu >> /tmp/m/methods_cupy_20.jsonl 2>&1
wc -l /tmp/m/*.jsonl; grep -h error /tmp/m/*.jsonl | head -5 | cut -c1-200
tar czf $OUT/methods.tgz -C /tmp/m .
