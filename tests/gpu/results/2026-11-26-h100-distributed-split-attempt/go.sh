#!/usr/bin/env bash
# One-GPU run for issue 24 (branch wt24): the distributed GPU suites, asarray's GPU cases and the
# single-rank host-time benchmark (gpucc vs raw NCCL vs torch), logs in $OUT.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
bin=/tmp/gpucc-bin
mkdir -p "$bin" && tar xJf "$here/bundle.tar.xz" -C "$bin"
export NCCL_NVLS_ENABLE=0 NCCL_DEBUG=WARN
export LD_LIBRARY_PATH="${CUDA_PATH:-/usr/local/cuda}/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
{
  echo "== distributed_gpu_tests"; "$bin/distributed_gpu_tests" > "$OUT/distributed_gpu_tests.log" 2>&1; echo "rc=$?"
  echo "== distributed_multigpu_tests"; "$bin/distributed_multigpu_tests" > "$OUT/distributed_multigpu_tests.log" 2>&1; echo "rc=$?"
  echo "== distributed_unit_tests"; "$bin/distributed_unit_tests" > "$OUT/distributed_unit_tests.log" 2>&1; echo "rc=$?"
  echo "== bench"; bash "$here/run_distributed_bench.sh" single "$bin" "$OUT"; echo "rc=$?"
} > "$OUT/go.log" 2>&1
tail -5 "$OUT"/distributed_*.log; cat "$OUT/go.log" | tail -40
