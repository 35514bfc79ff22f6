"""NumPy's side of the callgrind comparison in README.md: `calls` np.matmul(a, b, out=c) of
float32 256 x 256 after 3 untimed ones, as peers_linalg_matmul.py's sweep calls it. Run under
valgrind --tool=callgrind --separate-threads=yes with 20 and 40 calls; the difference of the
calling thread's totals, less that of cblas_sgemm's inclusive counts, is 20 calls' path.
Usage: numpy_calls.py CALLS"""
import sys
import numpy as np
calls = int(sys.argv[1])
rng = np.random.default_rng(0)
a = rng.uniform(-1, 1, (256, 256)).astype("float32")
b = rng.uniform(-1, 1, (256, 256)).astype("float32")
c = np.empty((256, 256), "float32")
for _ in range(3):
    np.matmul(a, b, out=c)
for _ in range(calls):
    np.matmul(a, b, out=c)
