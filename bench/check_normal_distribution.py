"""Checks that a file of float32 values is a sample of the standard normal: the Kolmogorov-Smirnov
statistic against the normal CDF with its asymptotic p-value, and the first four moments with
their standard errors (z-scores). With 2^22 values the test at the 5% level detects a CDF error of
1.36 / 2^11 = 6.6e-4 anywhere and a mean off by 2 / 2^11 = 1e-3 (in units of sigma). Used on
bench/random_normal_ziggurat_reference.cpp's output (the ziggurat's values, which the GPU matches
bit for bit). Usage: check_normal_distribution.py VALUES.bin; prints one JSON object."""
import json
import math
import sys

import numpy as np


def normal_cdf(x):
    erf = np.frompyfunc(math.erf, 1, 1)
    return 0.5 * (1.0 + erf(x / math.sqrt(2.0)).astype(np.float64))


def kolmogorov_p(d, n):
    # P(sqrt(n) D > t) = 2 sum (-1)^(k-1) exp(-2 k^2 t^2), with Stephens' finite-n correction.
    t = d * (math.sqrt(n) + 0.12 + 0.11 / math.sqrt(n))
    return float(min(1.0, max(0.0, 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * t * t)
                                           for k in range(1, 101)))))


def main():
    x = np.fromfile(sys.argv[1], dtype="<f4").astype(np.float64)
    n = x.size
    if not np.isfinite(x).all():
        raise SystemExit(f"{sys.argv[1]}: {np.count_nonzero(~np.isfinite(x))} values not finite")
    s = np.sort(x)
    cdf = normal_cdf(s)
    ranks = np.arange(1, n + 1) / n
    d = float(max((ranks - cdf).max(), (cdf - (ranks - 1.0 / n)).max()))
    mean, var = x.mean(), x.var()
    skew = ((x - mean) ** 3).mean() / var ** 1.5
    excess = ((x - mean) ** 4).mean() / var ** 2 - 3
    print(json.dumps({
        "n": n, "ks_d": d, "ks_p": kolmogorov_p(d, n),
        "mean": mean, "mean_z": mean * math.sqrt(n),
        "var": var, "var_z": (var - 1) / math.sqrt(2.0 / n),
        "skew": skew, "skew_z": skew / math.sqrt(6.0 / n),
        "excess_kurtosis": excess, "kurtosis_z": excess / math.sqrt(24.0 / n),
        "min": float(s[0]), "max": float(s[-1]), "distinct": int(np.unique(s).size)}))


if __name__ == "__main__":
    main()
