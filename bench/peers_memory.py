"""Peer figures for bench/memory_bench.cpp, measured in the same run on the same GPU: the host time
of one allocate+free pair of 1 MiB through CuPy's MemoryPool, its MemoryAsyncPool (cudaMallocAsync),
raw cudaMalloc/cudaFree and its PinnedMemoryPool; of cupy.empty of 1 MiB with the default pool; and
of torch.empty of 1 MiB (PyTorch's caching allocator). Each figure is the mean over many pairs after
a warm-up, as Google Benchmark reports gpucc's. Prints one JSON object per line."""
from peers_common import emit, host_us_per_call

N_BYTES = 1 << 20


def us_per_call(call, sync=None, calls=100000, warmup=1000):
    return host_us_per_call(call, sync, calls=calls, warmup=warmup)


try:
    import cupy as cp

    emit(work="peer versions", cupy=cp.__version__)
    sync = cp.cuda.Device().synchronize
    pool = cp.cuda.MemoryPool()
    # The MemoryPointer is dropped at once, which returns the block to the pool.
    emit(work="cupy MemoryPool malloc+free 1 MiB", us=us_per_call(lambda: pool.malloc(N_BYTES), sync))
    pool.free_all_blocks()
    try:
        async_pool = cp.cuda.MemoryAsyncPool()
        emit(work="cupy MemoryAsyncPool malloc+free 1 MiB",
             us=us_per_call(lambda: async_pool.malloc(N_BYTES), sync))
    except Exception as error:  # drivers without cudaMallocAsync
        emit(work="cupy MemoryAsyncPool unavailable", error=str(error))
    runtime = cp.cuda.runtime
    emit(work="cupy cudaMalloc+cudaFree 1 MiB",
         us=us_per_call(lambda: runtime.free(runtime.malloc(N_BYTES)), sync, calls=5000, warmup=100))
    pinned = cp.cuda.PinnedMemoryPool()
    emit(work="cupy PinnedMemoryPool malloc+free 1 MiB", us=us_per_call(lambda: pinned.malloc(N_BYTES)))
    pinned.free_all_blocks()
    emit(work="cupy empty 1 MiB (default pool)",
         us=us_per_call(lambda: cp.empty(N_BYTES, dtype=cp.uint8), sync))
    cp.get_default_memory_pool().free_all_blocks()
except ImportError as error:
    emit(work="cupy unavailable", error=str(error))

try:
    import torch

    emit(work="peer versions", torch=torch.__version__)
    emit(work="torch empty 1 MiB (caching allocator)",
         us=us_per_call(lambda: torch.empty(N_BYTES, dtype=torch.uint8, device="cuda"),
                        torch.cuda.synchronize))
except ImportError as error:
    emit(work="torch unavailable", error=str(error))
