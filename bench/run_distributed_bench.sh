#!/usr/bin/env bash
# Runs the two-GPU benchmark of gpucc::distributed and its peers in one go (issue 24's figures):
# distributed_bench as two processes (one per GPU, meeting through a FileStore), its peer-copy
# mode, then peers_distributed.py (torch.distributed with NCCL; CuPy's cudaMemcpyPeerAsync).
# Also the host time per small all-reduce of a single-rank communicator on GPU 0 (gpucc, raw
# NCCL, torch), which is all that runs with `single` (one GPU is enough).
# Usage: bench/run_distributed_bench.sh [gpu|single] BIN_DIR OUT_DIR [max_log2_bytes (30 = 1 GiB)]
# (the leading `gpu` is how tools/run_on_gpu.sh calls it, GPUCC_BENCHES=distributed). BIN_DIR
# holds distributed_bench. NVLink multicast stays off (NCCL_NVLS_ENABLE=0).
set -euo pipefail
only_single=0
[[ "${1:-}" == gpu ]] && shift
[[ "${1:-}" == single ]] && only_single=1 && shift
bin="$1"
out="$2"
max_log2="${3:-30}"
export NCCL_NVLS_ENABLE=0
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpu.txt" || true
"$bin/distributed_bench" --single-rank | tee "$out/gpucc_single_rank.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_distributed.py" --single-rank | tee "$out/peers_single_rank.jsonl"
[[ "$only_single" == 1 ]] && exit 0
store="$(mktemp -d)"
"$bin/distributed_bench" --rank 1 --world 2 --store "$store" --max-log2-bytes "$max_log2" \
    > "$out/gpucc_rank1.jsonl" 2> "$out/gpucc_rank1.err" &
rank1=$!
"$bin/distributed_bench" --rank 0 --world 2 --store "$store" --max-log2-bytes "$max_log2" \
    | tee "$out/gpucc.jsonl"
wait "$rank1"
rm -rf "$store"
"$bin/distributed_bench" --peer-copy | tee -a "$out/gpucc.jsonl"
PYTHONUNBUFFERED=1 python3 "$here/peers_distributed.py" "$max_log2" | tee "$out/peers.jsonl"
