"""Peer figures for bench/reduction_bench.cpp, measured in the same run on the same GPU: CuPy's
copy (the ceiling), cp.sum (CUB for a full float32 sum), a CuPy ReductionKernel l2norm (as
language.md writes it), cp.linalg.norm, cp.sum along each axis and (CuPy only) over two axes of
the matrix viewed as 3-d and 4-d, and the same in PyTorch. Same protocol as the gpucc binary:
CUDA events, warm-up, median, random inputs in [0, 1). Prints one JSON object per line."""
import sys

from peers_common import emit, event_median_ms

log2_size = int(sys.argv[1]) if len(sys.argv) > 1 else 28
rows = int(sys.argv[2]) if len(sys.argv) > 2 else 16384
cols = int(sys.argv[3]) if len(sys.argv) > 3 else 16384
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 50


def median_ms(lib, run, warmup=5):
    return event_median_ms(lib, run, repeat, warmup)


def report(tool, work, ms, nbytes, ceiling):
    gbps = nbytes / ms / 1e6
    emit(tool=tool, work=work, ms=round(ms, 4), GBps=round(gbps, 1), of_copy=round(gbps / ceiling, 3))


try:
    import cupy as cp
except ImportError as error:  # pragma: no cover - reported, not hidden
    emit(tool="cupy", error=str(error))
    cp = None

if cp is not None:
    emit(tool="cupy", version=cp.__version__)
    n = 1 << log2_size
    x = cp.random.random(n, dtype=cp.float32)
    out = cp.empty_like(x)
    nbytes = 4.0 * n
    copy_ms = median_ms(cp, lambda: cp.copyto(out, x))
    ceiling = 2 * nbytes / copy_ms / 1e6
    emit(tool="cupy", work=f"copy 2^{log2_size} float32", ms=round(copy_ms, 4), GBps=round(ceiling, 1))
    report("cupy", f"cp.sum 2^{log2_size} float32", median_ms(cp, lambda: cp.sum(x)), nbytes, ceiling)
    l2norm = cp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    report("cupy", f"ReductionKernel l2norm 2^{log2_size} float32", median_ms(cp, lambda: l2norm(x)), nbytes, ceiling)
    report("cupy", f"cp.linalg.norm 2^{log2_size} float32", median_ms(cp, lambda: cp.linalg.norm(x)), nbytes, ceiling)
    del x, out
    m = cp.random.random((rows, cols), dtype=cp.float32)
    mout = cp.empty_like(m)
    nbytes = 4.0 * rows * cols
    copy_ms = median_ms(cp, lambda: cp.copyto(mout, m))
    ceiling = 2 * nbytes / copy_ms / 1e6
    emit(tool="cupy", work=f"copy {rows}x{cols} float32", ms=round(copy_ms, 4), GBps=round(ceiling, 1))
    report("cupy", f"cp.sum axis 0 of {rows}x{cols} float32", median_ms(cp, lambda: cp.sum(m, axis=0)), nbytes, ceiling)
    report("cupy", f"cp.sum axis 1 of {rows}x{cols} float32", median_ms(cp, lambda: cp.sum(m, axis=1)), nbytes, ceiling)
    if rows % 2 == 0 and cols % 2 == 0:
        as3 = m.reshape(2, rows // 2, cols)
        report("cupy", f"cp.sum axes (0, 2) of 2x{rows // 2}x{cols} float32",
               median_ms(cp, lambda: cp.sum(as3, axis=(0, 2))), nbytes, ceiling)
        as4 = m.reshape(2, rows // 2, 2, cols // 2)
        report("cupy", f"cp.sum axes (0, 2) of 2x{rows // 2}x2x{cols // 2} float32",
               median_ms(cp, lambda: cp.sum(as4, axis=(0, 2))), nbytes, ceiling)
    del m, mout
    cp.get_default_memory_pool().free_all_blocks()

try:
    import torch
except ImportError as error:  # pragma: no cover
    emit(tool="torch", error=str(error))
    torch = None

if torch is not None and cp is not None:
    emit(tool="torch", version=torch.__version__)
    n = 1 << log2_size
    x = torch.rand(n, device="cuda", dtype=torch.float32)
    out = torch.empty_like(x)
    nbytes = 4.0 * n
    copy_ms = median_ms(cp, lambda: out.copy_(x))
    ceiling = 2 * nbytes / copy_ms / 1e6
    emit(tool="torch", work=f"copy 2^{log2_size} float32", ms=round(copy_ms, 4), GBps=round(ceiling, 1))
    report("torch", f"torch.sum 2^{log2_size} float32", median_ms(cp, lambda: torch.sum(x)), nbytes, ceiling)
    report("torch", f"torch.linalg.vector_norm 2^{log2_size} float32",
           median_ms(cp, lambda: torch.linalg.vector_norm(x)), nbytes, ceiling)
    del x, out
    m = torch.rand((rows, cols), device="cuda", dtype=torch.float32)
    mout = torch.empty_like(m)
    nbytes = 4.0 * rows * cols
    copy_ms = median_ms(cp, lambda: mout.copy_(m))
    ceiling = 2 * nbytes / copy_ms / 1e6
    emit(tool="torch", work=f"copy {rows}x{cols} float32", ms=round(copy_ms, 4), GBps=round(ceiling, 1))
    report("torch", f"torch.sum dim 0 of {rows}x{cols} float32", median_ms(cp, lambda: torch.sum(m, dim=0)), nbytes, ceiling)
    report("torch", f"torch.sum dim 1 of {rows}x{cols} float32", median_ms(cp, lambda: torch.sum(m, dim=1)), nbytes, ceiling)
