"""Peer figures for bench/matmul_bench.cpp (tutorial 002, exercise 2), measured in the same run on
the same GPU: cp.matmul (cuBLAS) and CuPy RawKernels compiled by NVRTC from the same source as
gpucc's raw kernels (matmul_kernels.cu). Same protocol as the gpucc binary: CUDA events, two
warm-up runs, median, random inputs in [-0.5, 0.5). Prints one JSON object per line."""
import os
import sys

from peers_common import emit, event_median_ms

repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 20
sizes = [int(s) for s in sys.argv[2:]] or [1024, 2048, 4096]


try:
    import cupy as cp
except ImportError as error:  # pragma: no cover - reported, not hidden
    emit(tool="cupy", error=f"cupy is not available: {error}")
    sys.exit(0)

source = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "matmul_kernels.cu")).read()
module = cp.RawModule(code=source)
tiled = module.get_function("matmul_tiled")
naive = module.get_function("matmul_naive")


def median_ms(run):
    return event_median_ms(cp, run, repeat)


for n in sizes:
    rng = cp.random.default_rng(1)
    a = rng.random((n, n), dtype=cp.float32) - 0.5
    b = rng.random((n, n), dtype=cp.float32) - 0.5
    c = cp.empty((n, n), dtype=cp.float32)
    reference = cp.matmul(a, b)
    variants = {
        "cp.matmul": lambda: cp.matmul(a, b, out=c),
        "RawKernel tiled": lambda: tiled(((n + 31) // 32, (n + 31) // 32), (32, 32), (a, b, c, cp.int32(n))),
        "RawKernel naive": lambda: naive(((n + 15) // 16, (n + 15) // 16), (16, 16), (a, b, c, cp.int32(n))),
    }
    for name, run in variants.items():
        ms = median_ms(run)
        error = float(cp.max(cp.abs(c - reference) / (1 + cp.abs(reference))))
        emit(tool="cupy", impl=name, n=n, ms=round(ms, 4), GFLOPs=round(2 * n**3 / ms / 1e6, 1),
             max_rel_error=error)
