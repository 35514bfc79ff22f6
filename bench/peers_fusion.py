"""Peer figures for bench/fusion_bench.cpp, measured in the same run on the same machine.
GPU (argument gpu): softplus over 2^k float32 as cupy.fuse, as CuPy's unfused expression, as a
CuPy copy (the ceiling), as the same expression in PyTorch, and through torch.compile where it
works; CUDA events, warm-up, median. CPU (argument cpu): NumPy's unfused expression, median wall
time. Inputs uniform in [-8, 8). One JSON object per line."""
import json
import sys
import time

target = sys.argv[1] if len(sys.argv) > 1 else "gpu"
log2_size = int(sys.argv[2]) if len(sys.argv) > 2 else (28 if target == "gpu" else 24)
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 30
n = 1 << log2_size
nbytes = 8.0 * n


def emit(**fields):
    print(json.dumps(fields), flush=True)


def report(impl, work, ms):
    emit(target=target, work=f"{work} 2^{log2_size} float32", impl=impl, ms=round(ms, 4),
         GBps=round(nbytes / ms / 1e6, 1))


def cuda_median_ms(event, elapsed, sync, run, warmup=5):
    for _ in range(warmup):
        run()
    sync()
    times = []
    for _ in range(repeat):
        start, stop = event(), event()
        start.record()
        run()
        stop.record()
        stop.synchronize()
        times.append(elapsed(start, stop))
    return sorted(times)[len(times) // 2]


def run_cupy():
    import cupy as cp
    emit(tool="cupy", version=cp.__version__)
    x = cp.random.uniform(-8, 8, n, dtype=cp.float32)
    out = cp.empty_like(x)

    @cp.fuse(kernel_name="softplus")
    def softplus(v):
        return cp.maximum(0, v) + cp.log1p(cp.exp(-cp.abs(v)))

    def timed(run):
        return cuda_median_ms(cp.cuda.Event, cp.cuda.get_elapsed_time,
                              cp.cuda.Device().synchronize, run)

    report("cupy", "copy (ceiling)", timed(lambda: cp.copyto(out, x)))
    report("cupy.fuse", "softplus", timed(lambda: softplus(x)))
    report("cupy, unfused", "softplus",
           timed(lambda: cp.maximum(0, x) + cp.log1p(cp.exp(-cp.abs(x)))))


def run_torch():
    import torch
    emit(tool="torch", version=torch.__version__)
    x = (torch.rand(n, device="cuda", dtype=torch.float32) * 16) - 8

    def softplus(v):
        return torch.clamp_min(v, 0) + torch.log1p(torch.exp(-torch.abs(v)))

    def timed(run):
        return cuda_median_ms(lambda: torch.cuda.Event(enable_timing=True),
                              lambda a, b: a.elapsed_time(b), torch.cuda.synchronize, run)

    report("torch, eager", "softplus", timed(lambda: softplus(x)))
    try:
        compiled = torch.compile(softplus)
        compiled(x)
        report("torch.compile", "softplus", timed(lambda: compiled(x)))
    except Exception as error:  # reported, not hidden
        emit(tool="torch.compile", error=str(error)[:300])


def run_numpy():
    import numpy as np
    emit(tool="numpy", version=np.__version__)
    rng = np.random.default_rng(21)
    x = rng.uniform(-8, 8, n).astype(np.float32)

    def softplus():
        return np.maximum(0, x) + np.log1p(np.exp(-np.abs(x)))

    for _ in range(3):
        softplus()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        softplus()
        times.append((time.perf_counter() - start) * 1e3)
    report("numpy, unfused", "softplus", sorted(times)[len(times) // 2])


if target == "cpu":
    run_numpy()
else:
    for peer in (run_cupy, run_torch):
        try:
            peer()
        except Exception as error:  # a missing peer is reported, not hidden
            emit(tool=peer.__name__, error=str(error)[:300])
