#!/usr/bin/env bash
# Issue 24's two-GPU run (branch wt24): the distributed GPU suites and the distributed benchmark
# with its torch peers, from binaries built on the branch and packed beside this script.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
b=/tmp/b24
mkdir -p "$b" && tar xJf "$here/bundle.tar.xz" -C "$b"
export LD_LIBRARY_PATH="$b/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:${CUDA_PATH:-/usr/local/cuda}/lib64"
export NCCL_NVLS_ENABLE=0
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/gpus.txt" 2>&1
nvidia-smi topo -m > "$OUT/topo.txt" 2>&1
python3 -c "import torch; print('torch', torch.__version__, 'nccl', torch.cuda.nccl.version())" > "$OUT/versions.txt" 2>&1
ls -l ${CUDA_PATH:-/usr/local/cuda}/lib64/libnccl* >> "$OUT/versions.txt" 2>&1
for suite in distributed_gpu_tests distributed_multigpu_tests; do
    start=$SECONDS
    timeout 115 "$b/$suite" > "$OUT/$suite.log" 2>&1 < /dev/null
    echo "$suite: exit $? in $((SECONDS - start)) s; $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/$suite.log" | tr '\n' ' ')"
done
start=$SECONDS
timeout 165 bash "$here/run_distributed_bench.sh" gpu "$b" "$OUT/distributed" > "$OUT/distributed.bench.log" 2>&1
echo "bench: exit $? in $((SECONDS - start)) s"
grep -h '"bytes": \(8\|65536\|1073741824\),' "$OUT/distributed/gpucc.jsonl" "$OUT/distributed/peers.jsonl" 2>/dev/null
