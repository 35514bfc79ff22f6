"""NumPy peer of bench/cpu_bench.cpp on the same machine: add, squared_diff and unfused softplus on
2^k float32 (median wall time of 30 after 3 warm-up calls, random inputs). NumPy writes into
preallocated outputs where its API allows, which favours it. One JSON object per line."""
import json
import sys

import numpy as np
from peers_common import wall_median_ms

log2_size = int(sys.argv[1]) if len(sys.argv) > 1 else 24
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 30
n = 1 << log2_size
rng = np.random.default_rng(3)
x = rng.uniform(-4, 4, n).astype(np.float32)
y = rng.uniform(-4, 4, n).astype(np.float32)
z = np.empty_like(x)
t = np.empty_like(x)


def median_ms(run):
    return wall_median_ms(run, repeat, warmup=3)


def squared_diff():
    np.subtract(x, y, out=t)
    np.multiply(t, t, out=z)


def softplus():
    return np.maximum(0, x) + np.log1p(np.exp(-np.abs(x)))


print(json.dumps({"work": "peer versions", "numpy": np.__version__}))
print(json.dumps({"work": f"add 2^{log2_size} float32", "impl": "numpy", "ms": median_ms(lambda: np.add(x, y, out=z))}))
print(json.dumps({"work": f"squared_diff 2^{log2_size} float32", "impl": "numpy", "ms": median_ms(squared_diff)}))
print(json.dumps({"work": f"softplus 2^{log2_size} float32", "impl": "numpy, unfused", "ms": median_ms(softplus)}))
