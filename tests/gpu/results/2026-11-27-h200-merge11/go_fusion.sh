set -u
mkdir -p /tmp/r && tar xJf .gpu/a/x.tar.xz -C /tmp/r
GPUCC_SUITE_TIMEOUT=280 bash tools/run_on_gpu.sh /tmp/r $OUT/fusion 2>&1 | tail -20
