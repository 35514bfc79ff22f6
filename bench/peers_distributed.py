"""PyTorch's and CuPy's side of run_distributed_bench.sh, on the same machine in the same run.

all-reduce of float32 from 8 B to 1 GiB through torch.distributed (NCCL backend, one process per
GPU, started with torch.multiprocessing), timed as distributed_bench times gpucc: per-call time
over a loop with one synchronize, bus bandwidth 2(n-1)/n * bytes / time, host time per call
(queueing only); and peer-copy bandwidth between two GPUs through cudaMemcpyPeerAsync (CuPy's
runtime.memcpyPeerAsync), the reference for gpucc's copies. With --single-rank: host time per
small all-reduce (8 B to 64 KiB) of torch.distributed's single-process NCCL group on GPU 0, timed as
distributed_bench --single-rank times gpucc (the smallest of 7 loops of 500 calls, host time to
queue them). One JSON object per line.
"""
import json
import os
import sys
import time

os.environ.setdefault("NCCL_NVLS_ENABLE", "0")


def all_reduce_rank(rank, world, port, max_log2, queue):
    import torch
    import torch.distributed as dist
    torch.cuda.set_device(rank)
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    start = time.perf_counter()
    dist.init_process_group("nccl", rank=rank, world_size=world,
                            device_id=torch.device("cuda", rank))
    x = torch.ones(1, device="cuda")
    dist.all_reduce(x)
    torch.cuda.synchronize()
    create_s = time.perf_counter() - start
    if rank == 0:
        queue.put({"kind": "create", "peer": "torch", "world": world, "seconds": create_s})
    factor = 2.0 * (world - 1) / world
    for log2 in range(3, max_log2 + 1):
        nbytes = 1 << log2
        x = torch.ones(nbytes // 4, device="cuda", dtype=torch.float32)
        iterations = 1000 if log2 <= 20 else 100 if log2 <= 26 else 20
        for _ in range(5):
            dist.all_reduce(x)
        torch.cuda.synchronize()
        dist.barrier()
        start = time.perf_counter()
        for _ in range(iterations):
            dist.all_reduce(x)
        queued = time.perf_counter() - start
        torch.cuda.synchronize()
        t = (time.perf_counter() - start) / iterations
        if rank == 0:
            queue.put({"kind": "all_reduce", "peer": "torch", "bytes": nbytes, "us": 1e6 * t,
                       "busbw_GBps": nbytes / t * factor / 1e9,
                       "host_us": 1e6 * queued / iterations})
    dist.destroy_process_group()


def peer_copy():
    import cupy as cp
    if cp.cuda.runtime.getDeviceCount() < 2:
        print(json.dumps({"kind": "peer_copy", "peer": "cupy", "skipped": "fewer than 2 GPUs"}))
        return
    # Peer access both ways first, as gpucc and the driver baseline have it; without it the
    # runtime stages the copy through the host.
    for dev in (0, 1):
        with cp.cuda.Device(dev):
            try:
                cp.cuda.runtime.deviceEnablePeerAccess(1 - dev)
            except cp.cuda.runtime.CUDARuntimeError as error:
                if "PeerAccessAlreadyEnabled" not in str(error):
                    raise
    for log2 in range(20, 31, 2):
        nbytes = 1 << log2
        for src_dev, dst_dev in ((0, 1), (1, 0)):
            with cp.cuda.Device(src_dev):
                src = cp.ones(nbytes // 4, dtype=cp.float32)
            with cp.cuda.Device(dst_dev):
                dst = cp.zeros(nbytes // 4, dtype=cp.float32)
                stream = cp.cuda.get_current_stream()
                for _ in range(3):
                    cp.cuda.runtime.memcpyPeerAsync(dst.data.ptr, dst_dev, src.data.ptr, src_dev,
                                                    nbytes, stream.ptr)
                stream.synchronize()
                start = time.perf_counter()
                for _ in range(20):
                    cp.cuda.runtime.memcpyPeerAsync(dst.data.ptr, dst_dev, src.data.ptr, src_dev,
                                                    nbytes, stream.ptr)
                stream.synchronize()
                t = (time.perf_counter() - start) / 20
            print(json.dumps({"kind": "peer_copy", "peer": "cudaMemcpyPeerAsync", "bytes": nbytes,
                              "from": src_dev, "to": dst_dev, "GBps": nbytes / t / 1e9}))


def single_rank():
    import torch
    import torch.distributed as dist
    if torch.cuda.device_count() < 1:
        print(json.dumps({"kind": "single_rank_host", "peer": "torch", "skipped": "no GPU"}))
        return
    torch.cuda.set_device(0)
    dist.init_process_group("nccl", rank=0, world_size=1, store=dist.HashStore(),
                            device_id=torch.device("cuda", 0))
    stream = torch.cuda.current_stream()
    for log2 in range(3, 17):
        nbytes = 1 << log2
        x = torch.ones(nbytes // 4, device="cuda", dtype=torch.float32)
        for _ in range(20):
            dist.all_reduce(x)
        stream.synchronize()
        best_host = best_total = float("inf")
        for _ in range(7):
            start = time.perf_counter()
            for _ in range(500):
                dist.all_reduce(x)
            host = time.perf_counter() - start
            stream.synchronize()
            best_host = min(best_host, host / 500)
            best_total = min(best_total, (time.perf_counter() - start) / 500)
        print(json.dumps({"kind": "single_rank_host", "peer": "torch", "bytes": nbytes,
                          "host_us": 1e6 * best_host, "us": 1e6 * best_total}), flush=True)
    dist.destroy_process_group()


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--single-rank":
        single_rank()
        return
    max_log2 = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 29517
    import torch
    import torch.multiprocessing as mp
    world = 2
    if torch.cuda.device_count() < world:
        print(json.dumps({"kind": "all_reduce", "peer": "torch", "skipped": "fewer than 2 GPUs"}))
    else:
        ctx = mp.get_context("spawn")
        queue = ctx.Queue()
        procs = [ctx.Process(target=all_reduce_rank, args=(r, world, port, max_log2, queue))
                 for r in range(world)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(600)
        while not queue.empty():
            print(json.dumps(queue.get()))
    peer_copy()


if __name__ == "__main__":
    main()
