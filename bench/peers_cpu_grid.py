"""NumPy peer of bench/cpu_grid_bench.cpp on the same machine: np.matmul of n x n float32 at 512
and 1024 (OpenBLAS or whatever BLAS NumPy links: a tuned library, not a loop, shown for scale)
and np.copyto of 2^k float32 (the copy's bandwidth). Median wall time of `repeat` runs after two
warm-up runs, random inputs."""
import sys
import time

import numpy as np

log2_copy = int(sys.argv[1]) if len(sys.argv) > 1 else 24
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 7
rng = np.random.default_rng(5)


def median_ms(run):
    run()
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


for n in (512, 1024):
    a = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    b = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    c = np.empty_like(a)
    ms = median_ms(lambda: np.matmul(a, b, out=c))
    print(f"numpy matmul n={n}: {ms:.2f} ms ({2 * n**3 / ms * 1e-6:.1f} GFLOP/s)")
n = 1 << log2_copy
x = rng.uniform(-1, 1, n).astype(np.float32)
y = np.empty_like(x)
ms = median_ms(lambda: np.copyto(y, x))
print(f"numpy copyto 2^{log2_copy} float32: {ms:.3f} ms ({2 * n * 4 / ms * 1e-6:.1f} GB/s)")
