"""The float32 ziggurat's tables (Marsaglia and Tsang's method as NumPy's random_standard_normal_f
uses it: 256 layers, 23-bit magnitudes), computed in float64 and written as the 768 32-bit words a
ziggurat kernel takes as one array parameter: for each layer i the pair (ki[i], bits of wi[i]), then
fi[0..255] as float32 bits. The layers: x_255 = r = 3.6541528853610088 (the base strip's edge),
x_{i-1} = f^-1(v / x_i + f(x_i)) with f(x) = exp(-x^2 / 2) and v = 0.00492867323399 the area of each
layer; the base strip (layer 0) has width q = v / f(r) (the rectangle and the tail together).
A draw takes idx = w & 255, its sign from bit 8 and rabs = w >> 9; x = rabs * wi[idx] is accepted
at once when rabs < ki[idx] = floor(x_{idx-1} / x_idx * 2^23) (floor keeps the test inside the
inner rectangle; the boundary goes to the wedge test). Used by bench/random_normal_ziggurat.py
(uploads the words), bench/random_normal_ziggurat_reference.cpp (reads them) and the checker.
Usage: ziggurat_tables.py OUT.bin (also prints the fast path's acceptance probability)."""
import math
import sys

import numpy as np

R = 3.6541528853610088
V = 0.00492867323399
SCALE = 2.0**23


def tables():
    f = lambda x: math.exp(-0.5 * x * x)
    x = [0.0] * 256
    x[255] = R
    for i in range(255, 1, -1):
        x[i - 1] = math.sqrt(-2.0 * math.log(V / x[i] + f(x[i])))
    q = V / f(R)
    ki = np.zeros(256, np.uint32)
    wi = np.zeros(256, np.float32)
    fi = np.zeros(256, np.float32)
    ki[0] = math.floor(R / q * SCALE)
    wi[0] = q / SCALE
    fi[0] = 1.0
    for i in range(1, 256):
        ki[i] = math.floor(x[i - 1] / x[i] * SCALE)
        wi[i] = x[i] / SCALE
        fi[i] = f(x[i])
    return ki, wi, fi, x


def words():
    ki, wi, fi, _ = tables()
    pairs = np.stack([ki, wi.view(np.uint32)], axis=1).ravel()
    return np.concatenate([pairs, fi.view(np.uint32)])


def fast_acceptance():
    # Each layer is drawn with probability 1/256; the fast path accepts ki[i] / 2^23 of its draws.
    ki, _, _, _ = tables()
    return float(ki.astype(np.float64).sum() / SCALE / 256)


if __name__ == "__main__":
    ki, _, _, x = tables()
    # The top layer x_1 (1 - f(x_1)) = v gives x_1 near (2 v)^(1/3) when the recursion closes.
    print(f"x_1 = {x[1]:.6g} (near {(2 * V) ** (1 / 3):.6g}), ki[0] = {int(ki[0]):#010x}")
    print(f"fast path acceptance {fast_acceptance():.6f}")
    words().astype("<u4").tofile(sys.argv[1])
