"""Peer figures for bench/elementwise_bench.cpp, measured in the same run on the same GPU:
CuPy's device-to-device copy (the bandwidth ceiling), cp.add, CuPy's ElementwiseKernel
squared_diff, torch.add, and the host overhead of one tiny call of each. Same protocol as the
gpucc binary: CUDA events, warm-up, median, random inputs. Prints one JSON object per line."""
import sys

import numpy as np
from peers_common import emit, event_median_ms, host_us_per_call

log2_size = int(sys.argv[1]) if len(sys.argv) > 1 else 28
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 50
n = 1 << log2_size


def median_ms(lib, run, warmup=5):
    return event_median_ms(lib, run, repeat, warmup)


def host_overhead_us(sync, call, calls=20000):
    """The least of five rounds, as the gpucc binary measures (noise only adds time)."""
    return host_us_per_call(call, sync, calls=calls, rounds=5, pick=min)


try:
    import cupy as cp

    emit(work="peer versions", cupy=cp.__version__)
    rng = cp.random.default_rng(1)
    x = rng.random(n, dtype=cp.float32) * 2 - 1
    y = rng.random(n, dtype=cp.float32) * 2 - 1
    z = cp.empty_like(x)
    b3, b2 = 12.0 * n, 8.0 * n

    ms = median_ms(cp, lambda: z.data.copy_from_device(x.data, x.nbytes))
    emit(work=f"cupy D2D copy 2^{log2_size} float32 (memcpy)", ms=ms, GBps=b2 / ms / 1e6)
    ms = median_ms(cp, lambda: cp.add(x, y, out=z))
    emit(work=f"cupy add 2^{log2_size} float32", ms=ms, GBps=b3 / ms / 1e6)
    squared_diff = cp.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff")
    ms = median_ms(cp, lambda: squared_diff(x, y, z))
    assert cp.allclose(z[:1000], (x[:1000] - y[:1000]) ** 2)
    emit(work=f"cupy ElementwiseKernel squared_diff 2^{log2_size} float32", ms=ms, GBps=b3 / ms / 1e6)

    side = 4096
    m = rng.random((side, side), dtype=cp.float32)
    m2 = rng.random((side, side), dtype=cp.float32)
    row = rng.random(side, dtype=cp.float32)
    out = cp.empty_like(m)
    ms = median_ms(cp, lambda: out.data.copy_from_device(m.data, m.nbytes))
    emit(work="cupy D2D copy 4096x4096 float32 (memcpy)", ms=ms, GBps=8.0 * side * side / ms / 1e6)
    ms = median_ms(cp, lambda: cp.add(m, row, out=out))
    emit(work="cupy broadcast add 4096x4096 + 4096 float32", ms=ms, GBps=(8.0 * side * side + 4.0 * side) / ms / 1e6)
    ms = median_ms(cp, lambda: cp.add(m.T, m2, out=out))
    assert cp.allclose(out[:7, :9], m.T[:7, :9] + m2[:7, :9])
    emit(work="cupy transposed add 4096x4096 x.T + y float32", ms=ms, GBps=12.0 * side * side / ms / 1e6)
    del m, m2, row, out

    ax = cp.abs(x)
    for name, run, nbytes in (("add", lambda: cp.add(x, y), b3), ("multiply", lambda: cp.multiply(x, y), b3),
                              ("maximum", lambda: cp.maximum(x, y), b3), ("exp", lambda: cp.exp(x), b2),
                              ("sqrt", lambda: cp.sqrt(ax), b2)):
        ms = median_ms(cp, run)
        emit(work=f"cupy ufunc {name} 2^{log2_size} float32", ms=ms, GBps=nbytes / ms / 1e6)
    del ax

    tx = cp.asarray(np.random.default_rng(7).random(1024, dtype=np.float32))
    sync = cp.cuda.Device().synchronize
    emit(work="cupy host overhead, tiny add with output allocation", us=host_overhead_us(sync, lambda: cp.add(tx, tx)))
    emit(work="cupy host overhead, tiny ElementwiseKernel with output allocation",
         us=host_overhead_us(sync, lambda: squared_diff(tx, tx)))
    del x, y, z
    cp.get_default_memory_pool().free_all_blocks()
except ImportError as error:
    emit(work="cupy unavailable", error=str(error))

try:
    import torch

    emit(work="peer versions", torch=torch.__version__)
    gen = torch.Generator(device="cuda").manual_seed(1)
    x = torch.rand(n, device="cuda", generator=gen) * 2 - 1
    y = torch.rand(n, device="cuda", generator=gen) * 2 - 1
    z = torch.empty_like(x)

    ms = median_ms(torch, lambda: torch.add(x, y, out=z))
    emit(work=f"torch add 2^{log2_size} float32", ms=ms, GBps=12.0 * n / ms / 1e6)
    side = 4096
    m = torch.rand(side, side, device="cuda", generator=gen)
    m2 = torch.rand(side, side, device="cuda", generator=gen)
    row = torch.rand(side, device="cuda", generator=gen)
    out = torch.empty_like(m)
    ms = median_ms(torch, lambda: torch.add(m, row, out=out))
    emit(work="torch broadcast add 4096x4096 + 4096 float32", ms=ms, GBps=(8.0 * side * side + 4.0 * side) / ms / 1e6)
    ms = median_ms(torch, lambda: torch.add(m.T, m2, out=out))
    emit(work="torch transposed add 4096x4096 x.T + y float32", ms=ms, GBps=12.0 * side * side / ms / 1e6)
    tx = torch.rand(1024, device="cuda")
    emit(work="torch host overhead, tiny add with output allocation",
         us=host_overhead_us(torch.cuda.synchronize, lambda: torch.add(tx, tx)))
except ImportError as error:
    emit(work="torch unavailable", error=str(error))
