#!/usr/bin/env python3
"""Records reference vectors from CuPy's legacy cupy.random.RandomState for gpucc's
CuPy-compatible RandomState tests (tests/random/curand/).

gpucc::random::RandomState promises CuPy's exact streams for one CuPy major version; this
script writes the values CuPy itself produces, for every cuRAND generator CuPy offers, every
drawing method gpucc reproduces, float32 and float64, an odd and an even size, plus a checksum
of a longer (odd) draw. Run it on a machine with a GPU and CuPy of the pinned major version:

    python3 record_cupy_vectors.py OUT.json [--time]
    python3 record_cupy_vectors.py --text IN.json OUT.txt

The second form (no CuPy needed) writes the line format the C++ tests read:
    R method seed call dtype size p1 p2 checksum value...   (one drawing call)
    S method seed part dtype value...                       (one call of a sequence)
p1 p2 are loc scale (normal), low high (uniform, randint) or "- -"; values are hex words.

Each record holds the bit patterns of the values (hex words, little-endian integers for
integer dtypes) so the C++ tests compare bits, not decimals. --time also measures
random_sample(float32, 2^28) with CuPy and with raw cuRAND calls for the benchmark note.
"""
import json
import sys
import time

if __name__ == "__main__" and sys.argv[1:2] == ["--text"]:
    cupy = numpy = curand = None  # conversion only
else:
    import cupy
    import numpy
    from cupy_backends.cuda.libs import curand

METHODS = {} if curand is None else {
    "xorwow": curand.CURAND_RNG_PSEUDO_XORWOW,
    "mrg32k3a": curand.CURAND_RNG_PSEUDO_MRG32K3A,
    "mtgp32": curand.CURAND_RNG_PSEUDO_MTGP32,
    "mt19937": curand.CURAND_RNG_PSEUDO_MT19937,
    "philox4_32_10": curand.CURAND_RNG_PSEUDO_PHILOX4_32_10,
}
SEEDS = [42, 12345678901234567890]
SIZES = [37, 64]
LONG = 65537
SHOWN = 40
MASK64 = (1 << 64) - 1


def words(a):
    """One unsigned 64-bit word per element: float bits or the integer's two's complement."""
    a = cupy.asnumpy(a).ravel()
    if a.dtype == numpy.float32:
        return a.view(numpy.uint32).astype(numpy.uint64)
    if a.dtype == numpy.float64:
        return a.view(numpy.uint64)
    return a.astype(numpy.int64).view(numpy.uint64)


def checksum(a):
    """sum_i splitmix64(word_i ^ (i * golden)) mod 2^64; the C++ tests compute the same (and
    bench/random_curand_peers.py prints it for the benchmark's draw)."""
    w = words(a)
    with numpy.errstate(over="ignore"):
        i = numpy.arange(w.size, dtype=numpy.uint64)
        z = w ^ (i * numpy.uint64(0x9E3779B97F4A7C15))
        z = (z ^ (z >> numpy.uint64(30))) * numpy.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> numpy.uint64(27))) * numpy.uint64(0x94D049BB133111EB)
        z = z ^ (z >> numpy.uint64(31))
        return "%016x" % (int(z.sum(dtype=numpy.uint64)) & MASK64)


def calls(dtype_f):
    """(name, args dict, function of (RandomState, size)) for each float method."""
    d = dtype_f
    return [
        ("random_sample", {"dtype": d}, lambda rs, n: rs.random_sample(n, dtype=d)),
        ("rand", {"dtype": d}, lambda rs, n: rs.rand(n, dtype=d)),
        ("randn", {"dtype": d}, lambda rs, n: rs.randn(n, dtype=d)),
        ("standard_normal", {"dtype": d}, lambda rs, n: rs.standard_normal(n, dtype=d)),
        ("normal", {"dtype": d, "loc": 1.5, "scale": 2.5},
         lambda rs, n: rs.normal(1.5, 2.5, n, dtype=d)),
        ("uniform", {"dtype": d, "low": -2.0, "high": 3.0},
         lambda rs, n: rs.uniform(-2.0, 3.0, n, dtype=d)),
    ]


RANDINT = [  # (low, high, dtype): mask path, rejection, 64-bit draws, narrow dtypes
    (0, 16, "int32"),
    (0, 10, "int64"),
    (-5, 1 << 40, "int64"),
    (0, (1 << 31) + 1, "int64"),
    (-100, 100, "int8"),
    (0, 256, "uint8"),
    (1000, 70000, "uint32"),
    (-(1 << 63), (1 << 63) - 1, "int64"),
]


def record(out, method, seed, name, args, fn, n):
    rs = cupy.random.RandomState(seed, method=METHODS[method])
    try:
        a = fn(rs, n)
    except Exception as e:  # a method cuRAND refuses is recorded as such
        out.append({"method": method, "seed": str(seed), "call": name, "args": args, "size": n,
                    "error": type(e).__name__ + ": " + str(e)})
        return
    cupy.cuda.Device().synchronize()
    w = words(a)
    out.append({"method": method, "seed": str(seed), "call": name, "args": args, "size": n,
                "dtype": str(a.dtype), "values": ["%x" % int(x) for x in w[:SHOWN]],
                "checksum": checksum(a)})


def sequence(out, method, seed):
    """Several calls on one RandomState: checks where each call leaves the stream."""
    rs = cupy.random.RandomState(seed, method=METHODS[method])
    parts = [rs.random_sample(7, dtype="float32"), rs.standard_normal(5, dtype="float64"),
             rs.randint(0, 1000, 9), rs.uniform(-1.0, 1.0, 3, dtype="float32"),
             rs.normal(0.0, 2.0, 3, dtype="float32"), rs.random_sample(4, dtype="float64")]
    out.append({"method": method, "seed": str(seed), "call": "sequence", "size": 0,
                "parts": [{"dtype": str(p.dtype), "values": ["%x" % int(x) for x in words(p)]}
                          for p in parts]})


def main():
    records = []
    for method in METHODS:
        for seed in SEEDS:
            for d in ("float32", "float64"):
                for name, args, fn in calls(d):
                    sizes = SIZES + [LONG] if seed == SEEDS[0] else [SIZES[0]]
                    for n in sizes:
                        record(records, method, seed, name, args, fn, n)
            for low, high, d in RANDINT:
                sizes = SIZES + [LONG] if seed == SEEDS[0] else [SIZES[0]]
                for n in sizes:
                    record(records, method, seed, "randint",
                           {"low": str(low), "high": str(high), "dtype": d},
                           lambda rs, n, lo=low, hi=high, dt=d: rs.randint(lo, hi, n, dtype=dt),
                           n)
            try:
                sequence(records, method, seed)
            except Exception as e:
                print("sequence failed:", method, seed, type(e).__name__, e)
    try:
        curand_version = curand.getVersion()
    except Exception:
        curand_version = None
    doc = {"cupy": cupy.__version__, "curand": curand_version,
           "device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(),
           "checksum": "sum_i splitmix64(word_i ^ (i * 0x9E3779B97F4A7C15)) mod 2^64",
           "records": records}
    with open(sys.argv[1], "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    print("cupy", cupy.__version__, "records", len(records),
          "errors", sum("error" in r for r in records))
    for r in records:
        if "error" in r:
            print("error:", r["method"], r["call"], r.get("args"), r["size"], r["error"])
    if "--time" in sys.argv:
        try:
            timing()
        except Exception as e:
            print("timing failed:", type(e).__name__, e)


def median_ms(fn, repeat=20, warmup=2):
    """CUDA events around fn(), the median of `repeat` after `warmup` calls (also the timing
    of bench/random_curand_peers.py)."""
    start, stop = cupy.cuda.Event(), cupy.cuda.Event()
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop))
    return sorted(times)[len(times) // 2]


def timing():
    n = 1 << 28
    rs = cupy.random.RandomState(42)
    t_cupy = median_ms(lambda: rs.random_sample(n, dtype="float32"))
    buf = cupy.empty(n, dtype=cupy.float32)
    gen = curand.createGenerator(curand.CURAND_RNG_PSEUDO_XORWOW)
    curand.setPseudoRandomGeneratorSeed(gen, 42)
    curand.setStream(gen, cupy.cuda.get_current_stream().ptr)
    t_raw = median_ms(lambda: curand.generateUniform(gen, buf.data.ptr, n))
    fix = cupy.RawKernel(r'''
extern "C" __global__ void fix(float4* x, unsigned long long n4) {
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n4;
       i += (unsigned long long)gridDim.x * blockDim.x) {
    float4 v = x[i];
    if (v.x == 1.0f || v.y == 1.0f || v.z == 1.0f || v.w == 1.0f) {
      v.x = v.x == 1.0f ? 0.0f : v.x; v.y = v.y == 1.0f ? 0.0f : v.y;
      v.z = v.z == 1.0f ? 0.0f : v.z; v.w = v.w == 1.0f ? 0.0f : v.w;
      x[i] = v;
    }
  }
}''', "fix")
    sms = cupy.cuda.Device().attributes["MultiProcessorCount"]
    t_fix = median_ms(lambda: fix((sms * 8,), (256,), (buf, cupy.uint64(n // 4))))
    t_both = median_ms(lambda: (curand.generateUniform(gen, buf.data.ptr, n),
                                fix((sms * 8,), (256,), (buf, cupy.uint64(n // 4)))))
    ref = rs.random_sample(16, dtype="float32")
    print("timing float32 2^28 (median of 20, ms): cupy random_sample %.3f, cuRAND XORWOW "
          "generateUniform %.3f, read-mostly 1.0->0 fix %.3f, generate+fix %.3f" %
          (t_cupy, t_raw, t_fix, t_both))
    t0 = time.perf_counter()
    g2 = curand.createGenerator(curand.CURAND_RNG_PSEUDO_XORWOW)
    curand.setPseudoRandomGeneratorSeed(g2, 7)
    curand.generateUniform(g2, buf.data.ptr, 1024)
    cupy.cuda.Device().synchronize()
    print("XORWOW create+seed+first draw: %.1f ms" % ((time.perf_counter() - t0) * 1e3))
    del ref


def to_text(json_path, text_path):
    with open(json_path) as f:
        doc = json.load(f)
    lines = ["# CuPy %s, cuRAND %s, %s; format: see record_cupy_vectors.py" %
             (doc["cupy"], doc["curand"], doc["device"])]
    for r in doc["records"]:
        if "error" in r:
            continue
        if r["call"] == "sequence":
            for k, part in enumerate(r["parts"]):
                lines.append(" ".join(["S", r["method"], r["seed"], str(k), part["dtype"]] +
                                      part["values"]))
            continue
        a = r["args"]
        if "loc" in a:
            p = [repr(a["loc"]), repr(a["scale"])]
        elif "low" in a:
            p = [str(a["low"]), str(a["high"])]
        else:
            p = ["-", "-"]
        lines.append(" ".join(["R", r["method"], r["seed"], r["call"], r["dtype"], str(r["size"])]
                              + p + [r["checksum"]] + r["values"]))
    with open(text_path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "--text":
        to_text(sys.argv[2], sys.argv[3])
    else:
        main()
