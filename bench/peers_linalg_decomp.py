"""Peers of bench/linalg_decomp_bench.cpp (issue 20), same cases and protocol in the same run:
`gpu` times cupy.linalg and torch.linalg (CUDA events around one call after two warm-ups, the
median of `repeat`); `cpu` times numpy.linalg (wall time, median) at 256, 512, 1024. Operands as
the C++ bench makes them (uniform [-1, 1] plus n I; SPD A A^T / n + I). One JSON object per line.
`gpu-small` times the GPU peers on the C++ bench's small-matrix sweep (solve, inv, cholesky of
10000 x n x n, n = 2..32; solve and cholesky of 1 and 100 matrices of 8 and 16).
Usage: peers_linalg_decomp.py gpu|cpu|gpu-small [repeat]"""
import json
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "cpu"
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 10
ROUTINES = ["cholesky", "qr", "svd", "eigh", "solve", "inv", "det"]
GPU_CASES = [(1, 2048, ROUTINES), (500, 100, ["eigh"]), (10000, 8, ["solve", "cholesky", "det"]),
             (1000, 16, ["svd"])]


SMALL_CASES = ([(10000, n, ["solve", "inv", "cholesky"]) for n in (2, 4, 8, 12, 16, 24, 32)] +
               [(batch, n, ["solve", "cholesky"]) for batch in (1, 100) for n in (8, 16)])


def emit(**fields):
    print(json.dumps(fields), flush=True)


def operands(xp, batch, n, dtype, make_random, eye):
    shape = (batch, n, n) if batch > 1 else (n, n)
    a = make_random(shape, dtype)
    general = a + n * eye(n, dtype)
    spd = a @ a.swapaxes(-1, -2) / n + eye(n, dtype)
    rhs = make_random(shape[:-1] + (1,), dtype)
    return general, spd, rhs


def calls(lib, general, spd, rhs):
    return {"cholesky": lambda: lib.cholesky(spd), "qr": lambda: lib.qr(general),
            "svd": lambda: lib.svd(general), "eigh": lambda: lib.eigh(spd),
            "solve": lambda: lib.solve(general, rhs), "inv": lambda: lib.inv(general),
            "det": lambda: lib.det(general)}


def gpu(cases=GPU_CASES):
    try:
        import cupy as cp

        def rnd(shape, dtype):
            return cp.random.uniform(-1, 1, shape).astype(dtype)

        for dtype in ("float32", "float64"):
            for batch, n, routines in cases:
                g, s, r = operands(cp, batch, n, dtype, rnd, lambda k, d: cp.eye(k, dtype=d))
                fns = calls(cp.linalg, g, s, r)
                for name in routines:
                    try:
                        f = fns[name]
                        f()
                        f()
                        times = []
                        for _ in range(repeat):
                            e0, e1 = cp.cuda.Event(), cp.cuda.Event()
                            e0.record()
                            f()
                            e1.record()
                            e1.synchronize()
                            times.append(cp.cuda.get_elapsed_time(e0, e1))
                        emit(tool="cupy", device="gpu", routine=name, dtype=dtype, batch=batch,
                             n=n, ms=sorted(times)[len(times) // 2])
                    except Exception as error:  # noqa: BLE001 - reported, not hidden
                        emit(tool="cupy", device="gpu", routine=name, dtype=dtype, batch=batch,
                             n=n, error=str(error)[:200])
    except ImportError as error:
        emit(tool="cupy", error=str(error))
    try:
        import torch

        def rnd(shape, dtype):
            return torch.empty(shape, dtype=getattr(torch, dtype), device="cuda").uniform_(-1, 1)

        for dtype in ("float32", "float64"):
            for batch, n, routines in cases:
                g, s, r = operands(torch, batch, n, dtype, rnd,
                                   lambda k, d: torch.eye(k, dtype=getattr(torch, d),
                                                          device="cuda"))
                fns = calls(torch.linalg, g, s, r)
                for name in routines:
                    try:
                        f = fns[name]
                        f()
                        f()
                        times = []
                        for _ in range(repeat):
                            e0 = torch.cuda.Event(enable_timing=True)
                            e1 = torch.cuda.Event(enable_timing=True)
                            e0.record()
                            f()
                            e1.record()
                            e1.synchronize()
                            times.append(e0.elapsed_time(e1))
                        emit(tool="torch", device="gpu", routine=name, dtype=dtype, batch=batch,
                             n=n, ms=sorted(times)[len(times) // 2])
                    except Exception as error:  # noqa: BLE001
                        emit(tool="torch", device="gpu", routine=name, dtype=dtype, batch=batch,
                             n=n, error=str(error)[:200])
    except ImportError as error:
        emit(tool="torch", error=str(error))


def cpu():
    import numpy as np

    rng = np.random.default_rng(0)
    for dtype in ("float32", "float64"):
        for n in (256, 512, 1024):
            g, s, r = operands(np, 1, n, dtype,
                               lambda shape, d: rng.uniform(-1, 1, shape).astype(d),
                               lambda k, d: np.eye(k, dtype=d))
            fns = calls(np.linalg, g, s, r)
            for name in ROUTINES:
                f = fns[name]
                f()
                times = []
                for _ in range(repeat):
                    start = time.perf_counter()
                    f()
                    times.append((time.perf_counter() - start) * 1e3)
                emit(tool="numpy", device="cpu", routine=name, dtype=dtype, batch=1, n=n,
                     ms=sorted(times)[len(times) // 2])


if __name__ == "__main__":
    if mode == "gpu-small":
        gpu(SMALL_CASES)
    elif mode == "gpu":
        gpu()
    else:
        cpu()
