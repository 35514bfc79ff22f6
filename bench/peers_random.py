"""Peers of bench/random_bench.cpp (issue 22), measured with the same protocol in the same run.
`gpu`: CuPy's Generator (default_rng: random, standard_normal, integers, standard_exponential),
cuRAND's Philox4_32_10 and XORWOW through cupy.cuda.curand (generateUniform / generateNormal into
a preallocated array), torch.rand / randn / randint into new tensors: CUDA events around one draw
after two warm-ups, the median of `repeat`, 2^28 values, GB/s counting bytes written; CuPy's
first value after seeding a new Generator; and permutation(n) of 2^20 and 2^24 int64
(cupy.random.permutation; CuPy's Generator where it has one; torch.randperm). `cpu`: NumPy's Generator (PCG64) on 2^24 values (wall
time, median). One JSON object per line. Usage: peers_random.py gpu|cpu [repeat]"""
import json
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "cpu"
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 10


def emit(**fields):
    print(json.dumps(fields), flush=True)


def median(values):
    return sorted(values)[len(values) // 2]


def gbps(n, itemsize, ms):
    return n * itemsize / (ms * 1e-3) / 1e9


def cpu():
    import numpy as np

    n = 1 << 24
    rng = np.random.default_rng(1)
    cases = [
        ("uniform", "float32", 4, lambda: rng.random(n, dtype=np.float32)),
        ("uniform", "float64", 8, lambda: rng.random(n, dtype=np.float64)),
        ("normal", "float32", 4, lambda: rng.standard_normal(n, dtype=np.float32)),
        ("normal", "float64", 8, lambda: rng.standard_normal(n, dtype=np.float64)),
        ("integers_0_1000", "int32", 4, lambda: rng.integers(0, 1000, n, dtype=np.int32)),
        ("integers_full", "int32", 4,
         lambda: rng.integers(-2**31, 2**31 - 1, n, dtype=np.int32, endpoint=True)),
        ("standard_exponential", "float32", 4,
         lambda: rng.standard_exponential(n, dtype=np.float32)),
    ]
    for name, dtype, itemsize, draw in cases:
        draw()
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            draw()
            times.append((time.perf_counter() - start) * 1e3)
        ms = median(times)
        emit(tool="numpy", device="cpu", case=name, dtype=dtype, n=n, ms=ms,
             gbps=gbps(n, itemsize, ms))


def time_gpu(sync_module, draw):
    draw()
    draw()
    times = []
    for _ in range(repeat):
        start, stop = sync_module.Event(), sync_module.Event()
        start.record()
        draw()
        stop.record()
        stop.synchronize()
        times.append(sync_module.get_elapsed_time(start, stop))
    return median(times)


def gpu_cupy():
    import cupy as cp
    from cupy.cuda import curand

    class Sync:
        Event = cp.cuda.Event
        get_elapsed_time = staticmethod(cp.cuda.get_elapsed_time)

    n = 1 << 28
    start = time.perf_counter()
    cold = cp.random.default_rng(42).random(1, dtype=cp.float32).item()
    cold_ms = (time.perf_counter() - start) * 1e3
    warm = []
    for i in range(20):
        start = time.perf_counter()
        cp.random.default_rng(i).random(1, dtype=cp.float32).item()
        warm.append((time.perf_counter() - start) * 1e3)
    emit(tool="cupy", device="gpu", case="first_value_after_seeding", cold_ms=cold_ms,
         warm_ms=median(warm), value=float(cold))
    # CuPy 14's Generator has no permutation (AttributeError, reported): cupy.random's is
    # RandomState's (a sort of random keys).
    for log2n in (20, 24):
        count = 1 << log2n
        generator = cp.random.default_rng(3)
        for label, draw in (("cupy_generator", lambda: generator.permutation(count)),
                            ("cupy_random", lambda: cp.random.permutation(count))):
            try:
                ms = time_gpu(Sync, draw)
                emit(tool=label, device="gpu", case=f"permutation_2^{log2n}", dtype="int64",
                     n=count, ms=ms, gbps=gbps(count, 8, ms))
            except Exception as error:
                emit(tool=label, device="gpu", case=f"permutation_2^{log2n}", dtype="int64",
                     error=repr(error))
    rng = cp.random.default_rng(1)
    cases = [
        ("uniform", "float32", 4, lambda: rng.random(n, dtype=cp.float32)),
        ("uniform", "float64", 8, lambda: rng.random(n, dtype=cp.float64)),
        ("normal", "float32", 4, lambda: rng.standard_normal(n, dtype=cp.float32)),
        ("normal", "float64", 8, lambda: rng.standard_normal(n, dtype=cp.float64)),
        ("integers_0_1000", "int32", 4, lambda: rng.integers(0, 1000, n, dtype=cp.int32)),
        ("standard_exponential", "float32", 4,
         lambda: rng.standard_exponential(n, dtype=cp.float32)),
    ]
    for name, dtype, itemsize, draw in cases:
        try:
            ms = time_gpu(Sync, draw)
            emit(tool="cupy_generator", device="gpu", case=name, dtype=dtype, n=n, ms=ms,
                 gbps=gbps(n, itemsize, ms))
        except Exception as error:  # a case CuPy lacks is reported, not fatal
            emit(tool="cupy_generator", device="gpu", case=name, dtype=dtype, error=str(error))
    for method, label in ((curand.CURAND_RNG_PSEUDO_PHILOX4_32_10, "curand_philox"),
                          (curand.CURAND_RNG_PSEUDO_XORWOW, "curand_xorwow")):
        gen = curand.createGenerator(method)
        curand.setPseudoRandomGeneratorSeed(gen, 1)
        out32 = cp.empty(n, cp.float32)
        out64 = cp.empty(n, cp.float64)
        cases = [
            ("uniform", "float32", 4, lambda: curand.generateUniform(gen, out32.data.ptr, n)),
            ("uniform", "float64", 8, lambda: curand.generateUniformDouble(gen, out64.data.ptr, n)),
            ("normal", "float32", 4, lambda: curand.generateNormal(gen, out32.data.ptr, n, 0.0, 1.0)),
            ("normal", "float64", 8,
             lambda: curand.generateNormalDouble(gen, out64.data.ptr, n, 0.0, 1.0)),
            ("integers_full", "int32", 4, lambda: curand.generate(gen, out32.data.ptr, n)),
        ]
        for name, dtype, itemsize, draw in cases:
            ms = time_gpu(Sync, draw)
            emit(tool=label, device="gpu", case=name, dtype=dtype, n=n, ms=ms,
                 gbps=gbps(n, itemsize, ms), note="into a preallocated array")
        curand.destroyGenerator(gen)


def gpu_torch():
    import torch

    class Sync:
        Event = staticmethod(lambda: torch.cuda.Event(enable_timing=True))

        @staticmethod
        def get_elapsed_time(start, stop):
            return start.elapsed_time(stop)

    n = 1 << 28
    torch.manual_seed(1)
    dev = "cuda"
    cases = [
        ("uniform", "float32", 4, lambda: torch.rand(n, device=dev, dtype=torch.float32)),
        ("uniform", "float64", 8, lambda: torch.rand(n, device=dev, dtype=torch.float64)),
        ("normal", "float32", 4, lambda: torch.randn(n, device=dev, dtype=torch.float32)),
        ("normal", "float64", 8, lambda: torch.randn(n, device=dev, dtype=torch.float64)),
        ("integers_0_1000", "int32", 4,
         lambda: torch.randint(0, 1000, (n,), device=dev, dtype=torch.int32)),
        ("standard_exponential", "float32", 4,
         lambda: torch.empty(n, device=dev, dtype=torch.float32).exponential_()),
    ]
    for log2n in (20, 24):
        count = 1 << log2n
        cases.append((f"permutation_2^{log2n}", "int64", 8,
                      lambda count=count: torch.randperm(count, device=dev, dtype=torch.int64)))
    for name, dtype, itemsize, draw in cases:
        count = 1 << int(name.split("^")[1]) if name.startswith("permutation") else n
        ms = time_gpu(Sync, draw)
        emit(tool="torch", device="gpu", case=name, dtype=dtype, n=count, ms=ms,
             gbps=gbps(count, itemsize, ms))
        torch.cuda.empty_cache()


if mode == "cpu":
    cpu()
else:
    for peer in (gpu_cupy, gpu_torch):
        try:
            peer()
        except Exception as error:
            emit(tool=peer.__name__, error=repr(error))
