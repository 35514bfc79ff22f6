"""Peer figures for bench/fusion_bench.cpp, measured in the same run on the same machine.
GPU (argument gpu): softplus over 2^k float32 as cupy.fuse, as CuPy's unfused expression, as a
CuPy copy (the ceiling), as the same expression in PyTorch, and through torch.compile where it
works; then language.md's sum_of_products, sum(x * y, axis = -1) over a 2^(k/2) x 2^(k/2)
float32 pair, as cupy.fuse, CuPy unfused, PyTorch eager and torch.compile; then CuPy issue 9008's
sum(a, axis=1) > b over 357899 x 2 float64 as cupy.fuse (which takes CuPy's fallback for an array
read after the reduction), CuPy unfused, PyTorch eager and torch.compile, with each one's plain
sum(a, axis=1); then softmax and log-sum-exp over the rows of 16384x1024 float32 (CuPy unfused,
torch.softmax / torch.logsumexp, torch.compile), and softmax and log-sum-exp over 4096x4096,
65536x256 and 1024x32768 (CuPy unfused, torch.softmax, torch.logsumexp). CUDA events, warm-up, median. CPU (argument
cpu): NumPy's unfused expressions, median wall time (a fourth argument `softmax`: only the
softmax rows). Inputs uniform in [-8, 8) and [-1, 1). One JSON object per line."""
import json
import sys
import time

from peers_common import wall_median_ms

target = sys.argv[1] if len(sys.argv) > 1 else "gpu"
log2_size = int(sys.argv[2]) if len(sys.argv) > 2 else (28 if target == "gpu" else 24)
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 30
n = 1 << log2_size
nbytes = 8.0 * n
rows = 1 << (log2_size // 2)
cols = n // rows
pair_bytes = 8.0 * n + 4.0 * rows


def emit(**fields):
    print(json.dumps(fields), flush=True)


def report(impl, work, ms):
    emit(target=target, work=f"{work} 2^{log2_size} float32", impl=impl, ms=round(ms, 4),
         GBps=round(nbytes / ms / 1e6, 1))


def report_rows(impl, work, ms):
    emit(target=target, work=f"{work} {rows}x{cols} float32", impl=impl, ms=round(ms, 4),
         GBps=round(pair_bytes / ms / 1e6, 1))


ROWS_9008 = 357899
SUM_BYTES_9008 = 24.0 * ROWS_9008      # a read, the sums written
GREATER_BYTES_9008 = 25.0 * ROWS_9008  # a and b read, one bool written


def report_9008(impl, work, ms, nbytes_moved):
    emit(target=target, work=f"{work} {ROWS_9008}x2 float64", impl=impl, ms=round(ms, 4),
         GBps=round(nbytes_moved / ms / 1e6, 1))


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

    @cp.fuse(kernel_name="sum_of_products")
    def sum_of_products(a, b):
        return cp.sum(a * b, axis=-1)

    a = x.reshape(rows, cols)
    b = cp.random.uniform(-1, 1, (rows, cols), dtype=cp.float32)
    report_rows("cupy.fuse", "sum(x * y, axis = -1)", timed(lambda: sum_of_products(a, b)))
    report_rows("cupy, unfused", "sum(x * y, axis = -1)", timed(lambda: cp.sum(a * b, axis=-1)))

    @cp.fuse(kernel_name="row_sum_greater")
    def row_sum_greater(p, q):
        return cp.sum(p, axis=1) > q

    a9 = cp.random.uniform(-1, 1, (ROWS_9008, 2), dtype=cp.float64)
    b9 = cp.random.uniform(-1, 1, ROWS_9008, dtype=cp.float64)
    report_9008("cupy", "sum(a, axis = 1)", timed(lambda: cp.sum(a9, axis=1)), SUM_BYTES_9008)
    report_9008("cupy.fuse", "sum(a, axis = 1) > b", timed(lambda: row_sum_greater(a9, b9)),
                GREATER_BYTES_9008)
    report_9008("cupy, unfused", "sum(a, axis = 1) > b",
                timed(lambda: cp.sum(a9, axis=1) > b9), GREATER_BYTES_9008)


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

    a = x.reshape(rows, cols)
    b = torch.rand(rows, cols, device="cuda", dtype=torch.float32) * 2 - 1

    def sum_of_products(p, q):
        return torch.sum(p * q, dim=-1)

    report_rows("torch, eager", "sum(x * y, axis = -1)", timed(lambda: sum_of_products(a, b)))
    report_rows("torch.einsum", "sum(x * y, axis = -1)",
                timed(lambda: torch.einsum("ij,ij->i", a, b)))
    try:
        compiled_rows = torch.compile(sum_of_products)
        compiled_rows(a, b)
        report_rows("torch.compile", "sum(x * y, axis = -1)", timed(lambda: compiled_rows(a, b)))
    except Exception as error:  # reported, not hidden
        emit(tool="torch.compile sum_of_products", error=str(error)[:300])

    a9 = torch.rand(ROWS_9008, 2, device="cuda", dtype=torch.float64) * 2 - 1
    b9 = torch.rand(ROWS_9008, device="cuda", dtype=torch.float64) * 2 - 1

    def row_sum_greater(p, q):
        return torch.sum(p, dim=1) > q

    report_9008("torch, eager", "sum(a, axis = 1)", timed(lambda: torch.sum(a9, dim=1)),
                SUM_BYTES_9008)
    report_9008("torch, eager", "sum(a, axis = 1) > b", timed(lambda: row_sum_greater(a9, b9)),
                GREATER_BYTES_9008)
    try:
        compiled_9008 = torch.compile(row_sum_greater)
        compiled_9008(a9, b9)
        report_9008("torch.compile", "sum(a, axis = 1) > b",
                    timed(lambda: compiled_9008(a9, b9)), GREATER_BYTES_9008)
    except Exception as error:  # reported, not hidden
        emit(tool="torch.compile row_sum_greater", error=str(error)[:300])


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

    a = x.reshape(rows, cols)
    b = rng.uniform(-1, 1, (rows, cols)).astype(np.float32)
    for _ in range(3):
        np.sum(a * b, axis=-1)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        np.sum(a * b, axis=-1)
        times.append((time.perf_counter() - start) * 1e3)
    report_rows("numpy, unfused", "sum(x * y, axis = -1)", sorted(times)[len(times) // 2])
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        np.einsum("ij,ij->i", a, b)
        times.append((time.perf_counter() - start) * 1e3)
    report_rows("numpy.einsum", "sum(x * y, axis = -1)", sorted(times)[len(times) // 2])

    a9 = rng.uniform(-1, 1, (ROWS_9008, 2))
    b9 = rng.uniform(-1, 1, ROWS_9008)
    for work, nbytes_moved, run in (
            ("sum(a, axis = 1)", SUM_BYTES_9008, lambda: np.sum(a9, axis=1)),
            ("sum(a, axis = 1) > b", GREATER_BYTES_9008, lambda: np.sum(a9, axis=1) > b9)):
        report_9008("numpy", work, wall_median_ms(run, repeat, warmup=3), nbytes_moved)


SOFTMAX_ROWS, SOFTMAX_COLS = 16384, 1024


# The other shapes of fusion_rows_bench.h's softmax and log-sum-exp (torch.softmax,
# torch.logsumexp and CuPy unfused only).
OTHER_SOFTMAX_SHAPES = ((4096, 4096), (65536, 256), (1024, 32768))


def report_softmax(impl, work, ms, result_bytes, shape=(SOFTMAX_ROWS, SOFTMAX_COLS)):
    matrix = 4.0 * shape[0] * shape[1]
    emit(target=target, work=f"{work} {shape[0]}x{shape[1]} float32", impl=impl,
         ms=round(ms, 4), GBps=round((matrix + result_bytes) / ms / 1e6, 1))


def run_cupy_softmax():
    """CuPy's softmax and log-sum-exp as NumPy code (max, subtract, exp, sum, divide: one kernel
    each). cupy.fuse cannot express them in one kernel: it fuses at most one reduction, and an
    operation reading the reduced value with another array falls back (CuPy issue 9008)."""
    import cupy as cp
    x = cp.random.uniform(-8, 8, (SOFTMAX_ROWS, SOFTMAX_COLS), dtype=cp.float32)

    def timed(run):
        return cuda_median_ms(cp.cuda.Event, cp.cuda.get_elapsed_time,
                              cp.cuda.Device().synchronize, run)

    def softmax():
        e = cp.exp(x - cp.max(x, axis=-1, keepdims=True))
        return e / cp.sum(e, axis=-1, keepdims=True)

    def logsumexp():
        m = cp.max(x, axis=-1, keepdims=True)
        return cp.log(cp.sum(cp.exp(x - m), axis=-1)) + cp.max(x, axis=-1)

    report_softmax("cupy, unfused", "softmax(x, axis = -1)", timed(softmax),
                   4.0 * SOFTMAX_ROWS * SOFTMAX_COLS)
    report_softmax("cupy, unfused", "logsumexp(x, axis = -1)", timed(logsumexp),
                   4.0 * SOFTMAX_ROWS)
    for shape in OTHER_SOFTMAX_SHAPES:
        xs = cp.random.uniform(-8, 8, shape, dtype=cp.float32)

        def other():
            e = cp.exp(xs - cp.max(xs, axis=-1, keepdims=True))
            return e / cp.sum(e, axis=-1, keepdims=True)

        report_softmax("cupy, unfused", "softmax(x, axis = -1)", timed(other),
                       4.0 * shape[0] * shape[1], shape)

        def other_lse():
            m = cp.max(xs, axis=-1, keepdims=True)
            return cp.log(cp.sum(cp.exp(xs - m), axis=-1)) + cp.max(xs, axis=-1)

        report_softmax("cupy, unfused", "logsumexp(x, axis = -1)", timed(other_lse),
                       4.0 * shape[0], shape)


def run_torch_softmax():
    import torch
    x = torch.rand(SOFTMAX_ROWS, SOFTMAX_COLS, device="cuda", dtype=torch.float32) * 16 - 8

    def timed(run):
        return cuda_median_ms(lambda: torch.cuda.Event(enable_timing=True),
                              lambda a, b: a.elapsed_time(b), torch.cuda.synchronize, run)

    full = 4.0 * SOFTMAX_ROWS * SOFTMAX_COLS
    report_softmax("torch.softmax", "softmax(x, axis = -1)",
                   timed(lambda: torch.softmax(x, dim=-1)), full)
    report_softmax("torch.logsumexp", "logsumexp(x, axis = -1)",
                   timed(lambda: torch.logsumexp(x, dim=-1)), 4.0 * SOFTMAX_ROWS)
    for shape in OTHER_SOFTMAX_SHAPES:
        xs = torch.rand(*shape, device="cuda", dtype=torch.float32) * 16 - 8
        report_softmax("torch.softmax", "softmax(x, axis = -1)",
                       timed(lambda: torch.softmax(xs, dim=-1)), 4.0 * shape[0] * shape[1], shape)
        report_softmax("torch.logsumexp", "logsumexp(x, axis = -1)",
                       timed(lambda: torch.logsumexp(xs, dim=-1)), 4.0 * shape[0], shape)

    def softmax(v):
        e = torch.exp(v - torch.amax(v, dim=-1, keepdim=True))
        return e / torch.sum(e, dim=-1, keepdim=True)

    def logsumexp(v):
        m = torch.amax(v, dim=-1, keepdim=True)
        return torch.log(torch.sum(torch.exp(v - m), dim=-1)) + torch.amax(v, dim=-1)

    for name, function, result_bytes in (("softmax", softmax, full),
                                          ("logsumexp", logsumexp, 4.0 * SOFTMAX_ROWS)):
        try:
            compiled = torch.compile(function)
            compiled(x)
            report_softmax("torch.compile", f"{name}(x, axis = -1)", timed(lambda: compiled(x)),
                           result_bytes)
        except Exception as error:  # reported, not hidden
            emit(tool=f"torch.compile {name}", error=str(error)[:300])


def run_numpy_softmax():
    import numpy as np
    rng = np.random.default_rng(23)
    x = rng.uniform(-8, 8, (SOFTMAX_ROWS, SOFTMAX_COLS)).astype(np.float32)

    def softmax():
        e = np.exp(x - np.max(x, axis=-1, keepdims=True))
        return e / np.sum(e, axis=-1, keepdims=True)

    def logsumexp():
        m = np.max(x, axis=-1, keepdims=True)
        return np.log(np.sum(np.exp(x - m), axis=-1)) + np.max(x, axis=-1)

    for name, function, result_bytes in (("softmax", softmax, 4.0 * x.size),
                                          ("logsumexp", logsumexp, 4.0 * SOFTMAX_ROWS)):
        for _ in range(3):
            function()
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            function()
            times.append((time.perf_counter() - start) * 1e3)
        report_softmax("numpy, unfused", f"{name}(x, axis = -1)", sorted(times)[len(times) // 2],
                       result_bytes)


# A fourth argument `softmax` runs only the softmax and log-sum-exp rows.
only_softmax = len(sys.argv) > 4 and sys.argv[4] == "softmax"
if target == "cpu":
    if not only_softmax:
        run_numpy()
    run_numpy_softmax()
else:
    peers = (run_cupy, run_torch, run_cupy_softmax, run_torch_softmax)
    for peer in peers[2:] if only_softmax else peers:
        try:
            peer()
        except Exception as error:  # a missing peer is reported, not hidden
            emit(tool=peer.__name__, error=str(error)[:300])
