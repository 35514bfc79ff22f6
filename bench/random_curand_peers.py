#!/usr/bin/env python3
"""CuPy's side of bench/random_curand_bench.cpp (issue 22), in the same run: RandomState XORWOW
random_sample float32/float64, standard_normal float32, uniform float32 and randint (int32 on
[0, 1000), int64 on [0, 2^31 + 1), which rejects about half the words) of 2^28 values (CUDA
events, median of 20 after two warm-ups), and the checksum of the first 2^28 float32 draw after
RandomState(42), which gpucc's must equal. One JSON object per line."""
import json
import pathlib
import sys

# The checksum and the timing are the recorder's of CuPy's vectors (the tests' format).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests/random/data"))
import cupy  # noqa: E402
from record_cupy_vectors import checksum, median_ms  # noqa: E402


n = 1 << 28
rs = cupy.random.RandomState(42)
print(json.dumps({"case": "cupy_xorwow_random_sample_f32_checksum", "n": n,
                  "checksum": checksum(rs.random_sample(n, dtype="float32")),
                  "cupy": cupy.__version__}))
for name, fn, size in [
        ("cupy_xorwow_random_sample_f32", lambda: rs.random_sample(n, dtype="float32"), 4),
        ("cupy_xorwow_random_sample_f64", lambda: rs.random_sample(n, dtype="float64"), 8),
        ("cupy_xorwow_standard_normal_f32", lambda: rs.standard_normal(n, dtype="float32"), 4),
        ("cupy_xorwow_uniform_f32", lambda: rs.uniform(-1.0, 1.0, n, dtype="float32"), 4),
        ("cupy_xorwow_randint_i32_0_1000", lambda: rs.randint(0, 1000, n, dtype="int32"), 4),
        ("cupy_xorwow_randint_i64_half_rejected",
         lambda: rs.randint(0, 2**31 + 1, n, dtype="int64"), 8)]:
    ms = median_ms(fn)
    print(json.dumps({"case": name, "n": n, "ms": round(ms, 3), "GBps": round(size * n / ms / 1e6, 1)}))
