"""Times the exact float32 normal variants of this folder (2^28 float32 values, CUDA events,
median of 20 launches after 3 warm-ups, GB/s of bytes written) and checks each on its first 2^20
values against a float64 Box-Muller of the same Philox words (computed here with NumPy), with a
hash of its values in the layout's order (equal hashes: the same bits).
Usage: run.py LOOP_CUBIN NAME... with LANG_CUBIN, LANG2_CUBIN, LIB_CUBIN in the environment:
  loop.dsl's raw CUDA kernels by name (FORM_{s,v}B[u]: form fast, clz (the library's old log),
  bits (the log from the float's bits), q2 (bits with the cheaper quadrant), words (no transform);
  s: the layout's scalar stores, v: one 16-byte store per thread (another order); B tiles per
  thread; u: the tile loop unrolled);
  lang_* / lang2_*: gen_tiles_lang.py's guarded / unguarded kernels (LANG_CUBIN / LANG2_CUBIN);
  lib_NAME: the library's common_draws.dsl kernel NAME with one tile per thread (LIB_CUBIN);
  lib_NAME_tiles8: the kernel NAME_tiles8 with eight tiles per thread;
  libP_normal_float32_exact: run4-rolled's normal_float32_exact with tiles_per_thread P (an
  intermediate form, no longer in the library)."""
import ctypes, json, math, os, sys
import numpy as np
from cuda_driver import check, cuda, load, median_ms

module = load(sys.argv[1])
n = 1 << 28
key = 0x243F6A8885A308D3
offset = 12345
keyed = []
for r in range(10):
    keyed += [ctypes.c_uint32(((key & 0xFFFFFFFF) + r * 0x9E3779B9) & 0xFFFFFFFF),
              ctypes.c_uint32(((key >> 32) + r * 0xBB67AE85) & 0xFFFFFFFF)]
buffer = ctypes.c_uint64()
check(cuda.cuMemAlloc_v2(ctypes.byref(buffer), ctypes.c_size_t(n * 4)), "alloc")

def philox(counters):
    x0 = (counters & 0xFFFFFFFF).astype(np.uint64); x1 = (counters >> 32).astype(np.uint64)
    x2 = np.zeros_like(x0); x3 = np.zeros_like(x0)
    k0, k1 = key & 0xFFFFFFFF, key >> 32
    for r in range(10):
        p0 = x0 * np.uint64(0xD2511F53); p1 = x2 * np.uint64(0xCD9E8D57)
        n0 = (p1 >> np.uint64(32)) ^ x1 ^ np.uint64(k0); n2 = (p0 >> np.uint64(32)) ^ x3 ^ np.uint64(k1)
        x1 = p1 & np.uint64(0xFFFFFFFF); x3 = p0 & np.uint64(0xFFFFFFFF); x0 = n0; x2 = n2
        k0 = (k0 + 0x9E3779B9) & 0xFFFFFFFF; k1 = (k1 + 0xBB67AE85) & 0xFFFFFFFF
    return [v.astype(np.float64) for v in (x0, x1, x2, x3)]

tiles = 1 << 10   # checked: the first 2^10 tiles (2^20 values)
counters = offset + np.arange(tiles * 256, dtype=np.uint64)
w = philox(counters)
def pairref(wu, wa, shift):
    r = np.sqrt(-2.0 * np.log((np.floor(wu / 256) + 1) * 2.0**-24))
    a = 2 * math.pi * wa * 2.0**-32 - shift
    return r * np.cos(a), r * np.sin(a), r
references = {}
# angle 2 pi w 2^-32 (loop.dsl's exact kernels, lang_) or 2 pi w 2^-32 - pi (the library's, lang2_)
for shift in (0.0, math.pi):
    c01, d01, r01 = pairref(w[0], w[1], shift); c23, d23, r23 = pairref(w[2], w[3], shift)
    vals = np.stack([c01, d01, c23, d23], axis=1)       # [counter, k]
    rad = np.stack([r01, r01, r23, r23], axis=1)
    references[shift] = (vals.ravel(), rad.ravel(),     # v4 order: 4 * counter + k
                         vals.reshape(tiles, 256, 4).transpose(0, 2, 1).ravel(),  # tile*1024 + k*256 + tid
                         rad.reshape(tiles, 256, 4).transpose(0, 2, 1).ravel())
m = tiles * 1024

LANG_B = {"lang_b1": 1, "lang_b4": 4, "lang_b8": 8, "lang_u2": 2, "lang_u4": 4, "lang_u2l2": 4, "lang_u4l2": 8, "lang_u8": 8}
lib_module = load(os.environ["LIB_CUBIN"]) if os.environ.get("LIB_CUBIN") else None
lang2_module = load(os.environ["LANG2_CUBIN"]) if os.environ.get("LANG2_CUBIN") else None
lang_module = load(os.environ["LANG_CUBIN"]) if os.environ.get("LANG_CUBIN") else None

def run(name):
    lang = name.startswith("lang")
    tiled = re.match(r"lib(\d+)_(.*)$", name)  # lib8_normal_float32_exact: the library's kernel, P = 8
    if tiled:
        LANG_B[name] = int(tiled.group(1))
    if name.endswith("_tiles8"):  # lib_normal_float32_exact_tiles8: eight tiles per thread
        LANG_B[name] = 8
    if name.startswith("lang2_"):
        mt = re.match(r"lang2_u(\d+)(?:l(\d+))?$", name)
        LANG_B[name] = int(mt.group(1)) * int(mt.group(2) or 1)
    lib = name.startswith("lib")
    B = LANG_B[name] if lang or tiled or name in LANG_B else 1 if lib else int(re.sub(r"\D", "", name.split("_")[1]) or 1)
    function = ctypes.c_void_p()
    check(cuda.cuModuleGetFunction(ctypes.byref(function), (lang2_module if name.startswith("lang2_") else lang_module) if lang else (lib_module if lib else module), (tiled.group(2) if tiled else name[4:] if lib else name).encode()), name)
    values = [ctypes.c_uint64(buffer.value), ctypes.c_int64(n), ctypes.c_uint64(offset)] + ([ctypes.c_int64(n // 1024)] if lang else [ctypes.c_int32(B)] if tiled else []) + [ctypes.c_float(0), ctypes.c_float(1)] + keyed
    array = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
    grid = n // (1024 * B)
    def launch():
        check(cuda.cuLaunchKernel(function, grid, 1, 1, 256, 1, 1, 0, None, array, None), name)
    ms = median_ms(launch)
    launch()
    host = np.empty(m, np.float32)
    check(cuda.cuMemcpyDtoH_v2(host.ctypes.data, buffer.value, m * 4), "copy")
    row = {"kernel": name, "blocks_per_thread": B, "ms": round(ms, 5), "gbps": round(n * 4 / ms / 1e6, 1)}
    if not name.startswith("words"):
        v4 = "_v" in name
        ref_v, rad_v, ref_s, rad_s = references[math.pi if name.startswith(("lang2_", "lib")) else 0.0]
        ref, rad_ = (ref_v, rad_v) if v4 else (ref_s, rad_s)
        err = np.abs(host.astype(np.float64) - ref)
        row["max_error_over_1_plus_r"] = float((err / (1 + rad_)).max())
        canon = host if v4 else host.reshape(tiles, 4, 256).transpose(0, 2, 1).ravel()
        row["bits_sha"] = __import__("hashlib").sha1(canon.tobytes()).hexdigest()[:12]
    print(json.dumps(row), flush=True)

import re
names = sys.argv[2:]
for _ in range(int(os.environ.get("ROUNDS", "2"))):
    for name in names:
        run(name)
