"""Peer figures for bench/graph_bench.cpp, measured in the same run on the same GPU: CuPy's chain
of 100 tiny cp.add calls (1024 float32, outputs allocated) issued directly, and captured with
cupy.cuda.Stream.begin_capture / end_capture and replayed with Graph.launch. Same protocol as the
gpucc binary: a non-blocking stream, wall time per kernel over R repetitions then one synchronize,
GPU time per kernel by CUDA events (median), the result checked. Prints one JSON object per line."""
import sys
import time

import numpy as np
from peers_common import emit, event_median_ms

repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
kernels = 100


try:
    import cupy as cp
except ImportError as error:
    emit(work="cupy unavailable", error=str(error))
    sys.exit(0)

emit(work="peer versions", cupy=cp.__version__)
host_x = (np.arange(1024) % 97).astype(np.float32) * np.float32(0.25) - np.float32(3.0)
stream = cp.cuda.Stream(non_blocking=True)


def chain(x):
    y = x
    for _ in range(kernels):
        y = cp.add(y, x)
    return y


def median_event_ms(work, n):
    return event_median_ms(cp, work, n, warmup=0)


with stream:
    x = cp.asarray(host_x)
    for _ in range(20):
        chain(x)
    stream.synchronize()
    start = time.perf_counter()
    for _ in range(repeat):
        chain(x)
    stream.synchronize()
    direct_us = (time.perf_counter() - start) * 1e6 / (repeat * kernels)
    direct_gpu_ms = median_event_ms(lambda: chain(x), min(repeat, 200))
    assert cp.allclose(chain(x), 101 * x)
    emit(work="cupy 100 tiny adds issued directly (1024 float32, outputs allocated), wall time per kernel",
         us=direct_us)
    emit(work="cupy 100 tiny adds issued directly, GPU time per kernel (events)", us=direct_gpu_ms * 1e3 / kernels)

    kept = [x]
    start = time.perf_counter()
    stream.begin_capture()
    for _ in range(kernels):
        kept.append(cp.add(kept[-1], x))
    graph = stream.end_capture()
    emit(work="cupy capture + instantiate of the 100 adds", us=(time.perf_counter() - start) * 1e6)
    graph.upload(stream)
    for _ in range(20):
        graph.launch(stream)
    stream.synchronize()
    start = time.perf_counter()
    for _ in range(repeat):
        graph.launch(stream)
    queue_us = (time.perf_counter() - start) * 1e6 / repeat
    stream.synchronize()
    replay_us = (time.perf_counter() - start) * 1e6 / (repeat * kernels)
    replay_gpu_ms = median_event_ms(lambda: graph.launch(stream), min(repeat, 200))
    assert cp.allclose(kept[-1], 101 * x)
    emit(work="cupy graph of 100 tiny adds replayed, wall time per kernel", us=replay_us)
    emit(work="cupy graph of 100 tiny adds replayed, GPU time per kernel (events)", us=replay_gpu_ms * 1e3 / kernels)
    emit(work="cupy host time to queue one replay (Graph.launch of 100 nodes)", us=queue_us)
