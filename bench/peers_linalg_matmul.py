"""Peers of bench/linalg_matmul_bench.cpp (issue 19), measured in the same run with the same
protocol: `gpu` times cp.matmul and torch.matmul (CUDA events around one call after two warm-ups,
the median of `repeat`) on the same cases, and the host time of a 64 x 64 float32 matmul with its
output allocated and with a given output; `cpu` times numpy.matmul (wall time, median; `repeat`
calls at 2048, x8 per halving of n, as gpucc's sweep) at 256..2048 float32/float64 and
4096 x 32^3 float32, and names the BLAS NumPy uses; `cpu-sweep` only the n^3 sizes
(run_linalg_matmul_cpu_interleaved.sh alternates it with gpucc's). Host times come with the GPU
time of one call (`gpu_us`, events around it), as gpucc's do. One JSON object per line.
`host` times the host cost of ONE 64 x 64 float32 call with its output allocated and given, the
way CuPy's 16.8 us was measured: CuPy through cupyx.profiler.benchmark (its cpu_times: the clock
around one call, the device synchronized between calls outside it), PyTorch with
torch.cuda.synchronize() between calls and time.perf_counter() around the call; median, p10 and
p90 of 2000 calls after 200 untimed ones, as linalg_matmul_bench's `host` mode.
Usage: peers_linalg_matmul.py gpu|cpu|cpu-sweep|host [repeat]"""
import sys

from peers_common import emit, event_median_ms, host_us_per_call, wall_median_ms

mode = sys.argv[1] if len(sys.argv) > 1 else "cpu"
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 10


def tflops(batch, n, ms):
    return 2.0 * batch * n * n * n / (ms * 1e-3) / 1e12


def cpu(sweep_only=False):
    import numpy as np

    try:
        from threadpoolctl import threadpool_info

        emit(tool="numpy", info=[{k: i.get(k) for k in ("internal_api", "version", "num_threads")}
                                 for i in threadpool_info()])
    except ImportError:
        emit(tool="numpy", info="threadpoolctl absent; numpy " + np.__version__)
    rng = np.random.default_rng(0)
    for dtype in ("float32", "float64"):
        for n in (256, 512, 1024, 2048):
            a = rng.uniform(-1, 1, (n, n)).astype(dtype)
            b = rng.uniform(-1, 1, (n, n)).astype(dtype)
            c = np.empty((n, n), dtype)
            # `repeat` calls at 2048, x8 per halving below (linalg_matmul_bench cpu's rule).
            calls = repeat * (2048 // n) ** 3
            ms = wall_median_ms(lambda: np.matmul(a, b, out=c), calls)
            emit(tool="numpy", device="cpu", case="sweep", dtype=dtype, batch=1, n=n, ms=ms,
                 tflops=tflops(1, n, ms))
    if sweep_only:
        return
    batch, n = 4096, 32
    a = rng.uniform(-1, 1, (batch, n, n)).astype("float32")
    b = rng.uniform(-1, 1, (batch, n, n)).astype("float32")
    c = np.empty((batch, n, n), "float32")
    ms = wall_median_ms(lambda: np.matmul(a, b, out=c), repeat)
    emit(tool="numpy", device="cpu", case="batched_small", dtype="float32", batch=batch, n=n,
         ms=ms, tflops=tflops(batch, n, ms))


CASES = [("gemm", "float32", 1, 8192, False), ("gemm", "tf32", 1, 8192, False),
         ("gemm", "float16", 1, 8192, False), ("gemm", "bfloat16", 1, 8192, False),
         ("gemm", "float64", 1, 8192, False), ("batched", "float16", 256, 1024, False),
         ("batched", "bfloat16", 256, 1024, False), ("batched", "float32", 256, 1024, False),
         ("batched_broadcast", "float16", 256, 1024, True)] + [
            ("sweep", "float32", 1, n, False) for n in (256, 512, 1024, 2048, 4096)]


def gpu_cupy():
    import cupy as cp

    def median_ms(run):
        return event_median_ms(cp, run, repeat)

    from cupy._core import _routines_linalg as linalg_config
    for name, dtype, batch, n, broadcast in CASES:
        real = "float32" if dtype == "tf32" else dtype
        shape_a = (n, n) if batch == 1 else (batch, n, n)
        shape_b = (n, n) if batch == 1 else ((1, n, n) if broadcast else (batch, n, n))
        try:
            if real == "bfloat16":
                import ml_dtypes  # noqa: F401  (CuPy reads bfloat16 through ml_dtypes)
                np_dtype = ml_dtypes.bfloat16
            else:
                np_dtype = real
            a = cp.random.uniform(-1, 1, shape_a, dtype=cp.float32).astype(np_dtype)
            b = cp.random.uniform(-1, 1, shape_b, dtype=cp.float32).astype(np_dtype)
            c = cp.empty(shape_a, dtype=np_dtype)
            old = linalg_config.get_compute_type(cp.float32)
            if dtype == "tf32":
                linalg_config.set_compute_type(cp.float32, linalg_config.COMPUTE_TYPE_TF32)
            try:
                ms = median_ms(lambda: cp.matmul(a, b, out=c))
            finally:
                linalg_config.set_compute_type(cp.float32, old)
            emit(tool="cupy", device="gpu", case=name, dtype=dtype, batch=batch, n=n, ms=ms,
                 tflops=tflops(batch, n, ms))
        except Exception as error:  # reported, as CuPy's bfloat16 batch fails
            emit(tool="cupy", device="gpu", case=name, dtype=dtype, batch=batch, n=n,
                 error=f"{type(error).__name__}: {error}"[:300])
    a = cp.random.uniform(-1, 1, (64, 64), dtype=cp.float32)
    b = cp.random.uniform(-1, 1, (64, 64), dtype=cp.float32)
    c = cp.empty((64, 64), dtype=cp.float32)
    for case, call in (("host_us_64", lambda: a @ b),
                       ("host_us_64_out", lambda: cp.matmul(a, b, out=c))):
        emit(tool="cupy", device="gpu", case=case, dtype="float32", n=64,
             us=host_us(call, cp.cuda.Device().synchronize), gpu_us=1e3 * event_median_ms(cp, call, 51))


def host_us(call, sync):
    return host_us_per_call(call, sync, calls=2000, warmup=1000, rounds=7, sync_inside=False)


def gpu_torch():
    import torch

    def median_ms(run):
        return event_median_ms(torch, run, repeat)

    dtypes = {"float32": torch.float32, "tf32": torch.float32, "float16": torch.float16,
              "bfloat16": torch.bfloat16, "float64": torch.float64}
    for name, dtype, batch, n, broadcast in CASES:
        shape_a = (n, n) if batch == 1 else (batch, n, n)
        shape_b = (n, n) if batch == 1 else ((1, n, n) if broadcast else (batch, n, n))
        a = (torch.rand(shape_a, device="cuda") * 2 - 1).to(dtypes[dtype])
        b = (torch.rand(shape_b, device="cuda") * 2 - 1).to(dtypes[dtype])
        c = torch.empty(shape_a, device="cuda", dtype=dtypes[dtype])
        torch.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
        ms = median_ms(lambda: torch.matmul(a, b, out=c))
        torch.backends.cuda.matmul.allow_tf32 = False
        emit(tool="torch", device="gpu", case=name, dtype=dtype, batch=batch, n=n, ms=ms,
             tflops=tflops(batch, n, ms))
    a = torch.rand((64, 64), device="cuda")
    b = torch.rand((64, 64), device="cuda")
    c = torch.empty((64, 64), device="cuda")
    for case, call in (("host_us_64", lambda: a @ b),
                       ("host_us_64_out", lambda: torch.matmul(a, b, out=c))):
        emit(tool="torch", device="gpu", case=case, dtype="float32", n=64,
             us=host_us(call, torch.cuda.synchronize), gpu_us=1e3 * event_median_ms(torch, call, 51))


PER_CALL_CALLS = 2000
PER_CALL_WARMUP = 200


def percentiles_us(seconds):
    """Median, p10 and p90 of per-call times in seconds, in us, as the gpucc bench picks them."""
    us = sorted(t * 1e6 for t in seconds)
    n = len(us)
    return {"us": us[n // 2], "p10_us": us[n // 10], "p90_us": us[n * 9 // 10], "calls": n}


def host_cupy():
    import cupy as cp
    from cupyx.profiler import benchmark

    a = cp.random.uniform(-1, 1, (64, 64), dtype=cp.float32)
    b = cp.random.uniform(-1, 1, (64, 64), dtype=cp.float32)
    c = cp.empty((64, 64), dtype=cp.float32)
    for case, call in (("percall_us_64", lambda: a @ b),
                       ("percall_us_64_out", lambda: cp.matmul(a, b, out=c))):
        result = benchmark(call, n_repeat=PER_CALL_CALLS, n_warmup=PER_CALL_WARMUP)
        emit(tool="cupy", device="gpu", case=case, dtype="float32", n=64,
             **percentiles_us(result.cpu_times.tolist()))


def host_torch():
    import time

    import torch

    a = torch.rand((64, 64), device="cuda") * 2 - 1
    b = torch.rand((64, 64), device="cuda") * 2 - 1
    c = torch.empty((64, 64), device="cuda")
    for case, call in (("percall_us_64", lambda: a @ b),
                       ("percall_us_64_out", lambda: torch.matmul(a, b, out=c))):
        for _ in range(PER_CALL_WARMUP):
            call()
            torch.cuda.synchronize()
        seconds = []
        for _ in range(PER_CALL_CALLS):
            start = time.perf_counter()
            call()
            seconds.append(time.perf_counter() - start)
            torch.cuda.synchronize()
        emit(tool="torch", device="gpu", case=case, dtype="float32", n=64,
             **percentiles_us(seconds))


if mode == "cpu":
    cpu()
elif mode == "cpu-sweep":
    cpu(sweep_only=True)
else:
    for peer in (host_cupy, host_torch) if mode == "host" else (gpu_cupy, gpu_torch):
        try:
            peer()
        except ImportError as error:
            emit(tool=peer.__name__, error=f"not available: {error}")
