"""Times the float32 normal kernels of random_normal_variants.dsl (gpucc --emit=ptx, ptxas -arch=sm_90)
through the CUDA driver API (ctypes, no CuPy): 2^28 values, CUDA events, median of 20 after 3
warm-ups, GB/s of bytes written; and each variant's error on the first 2^22 values against
Box-Muller in float64 (NumPy) of the same Philox words (from uniform_float32 with the same key
and offset). One JSON object per line. Usage: random_normal_variants.py CUBIN [NAME ...], the
cubin made by
    gpucc bench/random_normal_variants.dsl --emit=ptx --arch=90 > variants.ptx
    ptxas -arch=sm_90 -O3 variants.ptx -o variants.cubin
or one of the library's modules (runtime/src/random/kernels/common_draws.dsl, random.dsl) made the
same way, with the kernels to time as NAMEs (default: the variants); the words come from the
uniform_float32 of CUBIN, or of the cubin WORDS_CUBIN names. A NAME starting with exponential_
is timed with (y, key, offset, scale = 1) and checked against -log(1 - u) of the same words:
its maximum error relative to the value where u < 0.1 (the polynomial's window) and over
1 + the value elsewhere. With philox_words among the NAMEs, fast_form, exact_old and the lean and
table kernels are checked against a float64 Box-Muller of the words themselves, each with its own
angle (the table kernels get the 256-entry cos/sin table as their last parameter); ROUNDS=2 times
the whole list twice, in alternation. The driver calls and the timing come from cuda_driver.py
(copy it beside this script)."""
import ctypes
import json
import math
import os
import sys

import numpy as np

from cuda_driver import check, cuda, load, median_ms


module = load(sys.argv[1])
words_module = load(os.environ.get("WORDS_CUBIN", sys.argv[1]))

n = 1 << 28
grid, block = n // 1024, 256
key = 0x243F6A8885A308D3
offset = 12345
keyed = []
for r in range(10):
    keyed += [ctypes.c_uint32(((key & 0xFFFFFFFF) + r * 0x9E3779B9) & 0xFFFFFFFF),
              ctypes.c_uint32(((key >> 32) + r * 0xBB67AE85) & 0xFFFFFFFF)]
buffer = ctypes.c_uint64()
check(cuda.cuMemAlloc_v2(ctypes.byref(buffer), ctypes.c_size_t(n * 4)), "cuMemAlloc")
table = ctypes.c_uint64()
check(cuda.cuMemAlloc_v2(ctypes.byref(table), ctypes.c_size_t(512 * 4)), "cuMemAlloc table")
angles = 2 * math.pi * np.arange(256) / 256
table_host = np.stack([np.cos(angles), np.sin(angles)], axis=1).astype(np.float32).ravel()
check(cuda.cuMemcpyHtoD_v2(table.value, table_host.ctypes.data, 512 * 4), "copy table")


def arguments(name):
    # gpucc passes an array parameter as two: its data pointer and its element count (int64); the
    # raw CUDA variants take the same two (float*, long long).
    array = [ctypes.c_uint64(buffer.value), ctypes.c_int64(n)]
    if name.startswith("exponential_"):
        values = array + [ctypes.c_uint64(key), ctypes.c_uint64(offset), ctypes.c_float(1)]
    elif name in ("uniform_float32", "old_production", "new_production", "new_wide_product",
                  "new_logf_only"):
        values = array + [ctypes.c_uint64(key), ctypes.c_uint64(offset), ctypes.c_float(0),
                          ctypes.c_float(1)]
    elif name == "philox_words":
        values = array + [ctypes.c_uint64(key), ctypes.c_uint64(offset)]
    else:
        values = array + [ctypes.c_uint64(offset), ctypes.c_float(0), ctypes.c_float(1)] + keyed
        if name.startswith("raw_lean") or "table" in name:
            # the (cos, sin) table of the table variants: 256 pairs at 2 pi i / 256, in float32.
            values += [ctypes.c_uint64(table.value), ctypes.c_int64(512)]
    array = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
    return values, array


def launcher(name, source=None):
    function = ctypes.c_void_p()
    check(cuda.cuModuleGetFunction(ctypes.byref(function), source or module, name.encode()), name)
    values, array = arguments(name)

    def launch():
        check(cuda.cuLaunchKernel(function, grid, 1, 1, block, 1, 1, 0, None, array, None), name)
    launch.keep = values
    return launch


checked = 1 << 22


def head():
    host = np.empty(checked, np.float32)
    check(cuda.cuMemcpyDtoH_v2(host.ctypes.data, buffer.value, checked * 4), "copy")
    return host


launcher("uniform_float32", words_module)()
uniform = head().astype(np.float64)
exponential = -np.log1p(-uniform)
words = uniform.reshape(-1, 4, 256)
r01 = np.sqrt(-2.0 * np.log(words[:, 0] + 2.0**-24))
r23 = np.sqrt(-2.0 * np.log(words[:, 2] + 2.0**-24))
a01 = 2.0 * math.pi * words[:, 1] - math.pi
a23 = 2.0 * math.pi * words[:, 3] - math.pi
reference = np.stack([r01 * np.cos(a01), r01 * np.sin(a01), r23 * np.cos(a23),
                      r23 * np.sin(a23)], axis=1).ravel()
radius = np.stack([r01, r01, r23, r23], axis=1).ravel()
# raw_ftz_sqrt_v4's order: a thread's four values at 4 * (its block) + j.
reference_v4 = np.stack([r01 * np.cos(a01), r01 * np.sin(a01), r23 * np.cos(a23),
                         r23 * np.sin(a23)], axis=-1).ravel()
radius_v4 = np.stack([r01, r01, r23, r23], axis=-1).ravel()
# The exact-operation kernels' references from the Philox words themselves (philox_words):
# u1 = ((w0 >> 8) + 1) 2^-24; exact_old's angle 2 pi (w1 >> 8) 2^-24, the lean and table kernels'
# 2 pi w1 2^-32 (all 32 bits), fast_form's 2 pi (w1 >> 8) 2^-24 - pi.
exact_references = {}
if "philox_words" in [n for n in sys.argv[2:]]:
    launcher("philox_words")()
    host_words = np.empty(checked, np.uint32)
    check(cuda.cuMemcpyDtoH_v2(host_words.ctypes.data, buffer.value, checked * 4), "copy")
    w = host_words.reshape(-1, 4, 256).astype(np.float64)
    top = np.floor(w / 256)
    for convention in ("fast", "exact24", "exact32"):
        pairs = []
        for a, b in ((0, 1), (2, 3)):
            r = np.sqrt(-2.0 * np.log((top[:, a] + 1) * 2.0**-24))
            if convention == "exact32":
                angle = 2 * math.pi * w[:, b] * 2.0**-32
            else:
                angle = 2 * math.pi * top[:, b] * 2.0**-24 - (math.pi if convention == "fast" else 0)
            pairs.append((r, angle))
        scalar = np.stack([pairs[0][0] * np.cos(pairs[0][1]), pairs[0][0] * np.sin(pairs[0][1]),
                           pairs[1][0] * np.cos(pairs[1][1]), pairs[1][0] * np.sin(pairs[1][1])], axis=1)
        radius_s = np.stack([pairs[0][0], pairs[0][0], pairs[1][0], pairs[1][0]], axis=1)
        exact_references[convention] = (scalar.ravel(), radius_s.ravel(),
                                        np.moveaxis(scalar, 1, -1).ravel(),
                                        np.moveaxis(radius_s, 1, -1).ravel())


def convention_of(name):
    if name == "fast_form":
        return "fast"
    if name == "exact_old":
        return "exact24"
    if name.startswith(("lean", "table", "raw_lean", "raw_table")):
        return "exact32"
    return None


names = sys.argv[2:] or [
    "uniform_float32", "old_production", "new_production", "new_wide_product", "new_key_schedule",
    "new_wide_key_schedule", "new_logf_only", "cand_series4", "cand_logf_keyed", "raw_ftz_sqrt",
    "raw_ftz_rsqrt", "raw_ftz_sqrt_v4"]
rounds = int(os.environ.get("ROUNDS", "1"))
for name in [n for _ in range(rounds) for n in names if n != "philox_words"]:
    launch = launcher(name)
    ms = median_ms(launch)
    row = {"kernel": name, "n": n, "ms": round(ms, 5), "gbps": round(n * 4 / ms / 1e6, 1)}
    if name.startswith("exponential_"):
        launch()
        given = head().astype(np.float64)
        window = uniform < 0.1
        error = np.abs(given - exponential)
        row["max_relative_error_u_below_0.1"] = float(
            (error[window] / np.maximum(exponential[window], 1e-300)).max())
        row["max_error_over_1_plus_x"] = float((error / (1 + exponential)).max())
    elif convention_of(name) and exact_references:
        launch()
        scalar, radius_s, packed, radius_p = exact_references[convention_of(name)]
        want, r = (packed, radius_p) if name.endswith("_v4") else (scalar, radius_s)
        error = np.abs(head().astype(np.float64) - want)
        row["max_error_over_1_plus_r"] = float((error / (1 + r)).max())
        row["max_error_r_below_0.1"] = float(error[r < 0.1].max())
    elif name != "uniform_float32":
        launch()
        want, r = (reference_v4, radius_v4) if name.endswith("_v4") else (reference, radius)
        error = np.abs(head().astype(np.float64) - want)
        row["max_error_over_1_plus_r"] = float((error / (1 + r)).max())
        row["max_error_r_below_0.1"] = float(error[r < 0.1].max())
    print(json.dumps(row), flush=True)
