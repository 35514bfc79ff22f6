"""Peers of bench/random_bench.cpp (issue 22), measured with the same protocol in the same run.
`gpu`: CuPy's Generator (default_rng: random, standard_normal, integers, standard_exponential),
cuRAND's Philox4_32_10 and XORWOW through cupy.cuda.curand (generateUniform / generateNormal into
a preallocated array), torch.rand / randn / randint into new tensors: CUDA events around one draw
after two warm-ups, the median of `repeat`, 2^28 values, GB/s counting bytes written; CuPy's
first value after seeding a new Generator; and permutation(n) of 2^16, 2^20, 2^24 and 2^26 int64
(cupy.random.permutation; CuPy's Generator where it has one; torch.randperm). `cpu`: NumPy's
Generator (PCG64) on 2^24 values and its permutation of 2^10, 2^16, 2^20 and 2^24 (wall time,
median).
`peers_random.py permutation gpu|cpu` runs the permutation rows alone. `peers_random.py methods
LOG2N [repeat] [gpu]`: every method of the CPU surface on NumPy's Generator, the list and
parameters of random_bench's `methods`, 2^LOG2N values, one warm-up then the median of `repeat`
(wall time); with `gpu`, the same on CuPy (its Generator where it has the method, else
cupy.random's RandomState), CUDA events around each draw.
One JSON object per line. Usage: peers_random.py [permutation] gpu|cpu [repeat]"""
import json
import os
import sys
import time

from peers_common import event_median_ms, wall_median_ms

arguments = sys.argv[1:]
methods_log2n = None
methods_on_gpu = False
if arguments and arguments[0] == "methods":
    methods_log2n = int(arguments[1])
    methods_on_gpu = arguments[-1] == "gpu"
    arguments = ["cpu"] + [a for a in arguments[2:] if a != "gpu"]
permutations_only = bool(arguments) and arguments[0] == "permutation"
if permutations_only:
    arguments = arguments[1:]
mode = arguments[0] if arguments else "cpu"
repeat = int(arguments[1]) if len(arguments) > 1 else 10


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
    # RANDOM_BENCH_CASES ("name|name|..."), when set, keeps only the cases of those names.
    only = os.environ.get("RANDOM_BENCH_CASES")
    if only is not None:
        cases = [case for case in cases if case[0] in only.split("|")]
    for name, dtype, itemsize, draw in cases:
        ms = wall_median_ms(draw, repeat)
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
    for name, dtype, itemsize, draw in cases:
        ms = time_gpu(Sync, draw)
        emit(tool="torch", device="gpu", case=name, dtype=dtype, n=n, ms=ms,
             gbps=gbps(n, itemsize, ms))
        torch.cuda.empty_cache()


def permutation_sizes(device):
    return (16, 20, 24, 26) if device == "gpu" else (10, 16, 20, 24)


def gpu_permutations():
    """permutation(n) int64: cupy.random.permutation (RandomState's, a sort of random keys; CuPy
    14's Generator has no permutation, reported as an error) and torch.randperm."""
    import cupy as cp
    import torch

    class CupySync:
        Event = cp.cuda.Event
        get_elapsed_time = staticmethod(cp.cuda.get_elapsed_time)

    class TorchSync:
        Event = staticmethod(lambda: torch.cuda.Event(enable_timing=True))

        @staticmethod
        def get_elapsed_time(start, stop):
            return start.elapsed_time(stop)

    for log2n in permutation_sizes("gpu"):
        count = 1 << log2n
        generator = cp.random.default_rng(3)
        torch.manual_seed(3)
        for label, sync, draw in (
                ("cupy_generator", CupySync, lambda: generator.permutation(count)),
                ("cupy_random", CupySync, lambda: cp.random.permutation(count)),
                ("torch", TorchSync,
                 lambda: torch.randperm(count, device="cuda", dtype=torch.int64))):
            try:
                ms = time_gpu(sync, draw)
                emit(tool=label, device="gpu", case=f"permutation_2^{log2n}", dtype="int64",
                     n=count, ms=ms, gbps=gbps(count, 8, ms))
            except Exception as error:  # a method a peer lacks is reported, not fatal
                emit(tool=label, device="gpu", case=f"permutation_2^{log2n}", dtype="int64",
                     error=repr(error))
        cp.get_default_memory_pool().free_all_blocks()
        torch.cuda.empty_cache()


def cpu_permutations():
    """NumPy Generator.permutation(n) int64 (a Fisher-Yates shuffle), wall time, median."""
    import numpy as np

    rng = np.random.default_rng(3)
    for log2n in permutation_sizes("cpu"):
        count = 1 << log2n
        ms = wall_median_ms(lambda: rng.permutation(count), repeat)
        emit(tool="numpy", device="cpu", case=f"permutation_2^{log2n}", dtype="int64", n=count,
             ms=ms, gbps=gbps(count, 8, ms))


class GeneratorOrLegacy:
    """CuPy's Generator's method where it has one, else cupy.random's RandomState's (normal,
    lognormal, choice, permutation, shuffle)."""

    def __init__(self, generator, legacy):
        self.generator, self.legacy = generator, legacy

    def __getattr__(self, name):
        method = getattr(self.generator, name, None)
        return method if method is not None else getattr(self.legacy, name)


def methods(log2n, on_gpu):
    """NumPy's Generator (or CuPy on the GPU) on every method of random_bench's `methods`, the
    same parameters."""
    if on_gpu:
        import cupy as np

        rng = GeneratorOrLegacy(np.random.default_rng(1), np.random.RandomState(1))
        tool, device = "cupy", "gpu"
    else:
        import numpy as np

        rng = np.random.default_rng(1)
        tool, device = "numpy", "cpu"
    n = 1 << log2n
    weights = np.array([k % 7 + 1 for k in range(1000)], dtype=np.float64)
    weights /= weights.sum()
    shuffled = rng.random(n)
    cases = [
        ("random", "float32", 4, lambda: rng.random(n, dtype=np.float32)),
        ("random", "float64", 8, lambda: rng.random(n, dtype=np.float64)),
        ("uniform(-2,3)", "float64", 8, lambda: rng.uniform(-2.0, 3.0, n)),
        ("standard_normal", "float32", 4, lambda: rng.standard_normal(n, dtype=np.float32)),
        ("standard_normal", "float64", 8, lambda: rng.standard_normal(n, dtype=np.float64)),
        ("normal(1,2)", "float64", 8, lambda: rng.normal(1.0, 2.0, n)),
        ("lognormal(0,1)", "float64", 8, lambda: rng.lognormal(0.0, 1.0, n)),
        ("integers(0,1000)", "int32", 4, lambda: rng.integers(0, 1000, n, dtype=np.int32)),
        ("integers(0,1000)", "int64", 8, lambda: rng.integers(0, 1000, n, dtype=np.int64)),
        ("integers(0,1024)", "int32", 4, lambda: rng.integers(0, 1024, n, dtype=np.int32)),
        ("integers(0,1024)", "int64", 8, lambda: rng.integers(0, 1024, n, dtype=np.int64)),
        ("integers(int32 full)", "int32", 4,
         lambda: rng.integers(-2**31, 2**31 - 1, n, dtype=np.int32, endpoint=True)),
        ("standard_exponential", "float32", 4,
         lambda: rng.standard_exponential(n, dtype=np.float32)),
        # NumPy has one form of each float32 draw: the peer of gpucc's fast form too.
        ("standard_normal_fast", "float32", 4, lambda: rng.standard_normal(n, dtype=np.float32)),
        ("standard_exponential_fast", "float32", 4,
         lambda: rng.standard_exponential(n, dtype=np.float32)),
        ("exponential(2)", "float64", 8, lambda: rng.exponential(2.0, n)),
        ("gamma(2.5,1)", "float64", 8, lambda: rng.gamma(2.5, 1.0, n)),
        ("gamma(0.5,1)", "float64", 8, lambda: rng.gamma(0.5, 1.0, n)),
        ("gamma(2.5,1)", "float32", 4, lambda: rng.standard_gamma(2.5, n, dtype=np.float32)),
        ("gamma(0.5,1)", "float32", 4, lambda: rng.standard_gamma(0.5, n, dtype=np.float32)),
        ("beta(2,3)", "float64", 8, lambda: rng.beta(2.0, 3.0, n)),
        ("poisson(4)", "int64", 8, lambda: rng.poisson(4.0, n)),
        ("poisson(100)", "int64", 8, lambda: rng.poisson(100.0, n)),
        ("poisson(999)", "int64", 8, lambda: rng.poisson(999.0, n)),
        ("poisson(1000)", "int64", 8, lambda: rng.poisson(1000.0, n)),
        ("binomial(20,0.3)", "int64", 8, lambda: rng.binomial(20, 0.3, n)),
        ("choice(1000,replace)", "int64", 8, lambda: rng.choice(1000, n, replace=True)),
        ("choice(1000,p)", "int64", 8, lambda: rng.choice(1000, n, replace=True, p=weights)),
        ("choice(n,n/2,no replace)", "int64", 8, lambda: rng.choice(n, n // 2, replace=False)),
        ("choice(n,n/10,no replace)", "int64", 8, lambda: rng.choice(n, n // 10, replace=False)),
        ("choice(n,100,no replace)", "int64", 8, lambda: rng.choice(n, 100, replace=False)),
        ("choice(n,n,no replace)", "int64", 8, lambda: rng.choice(n, n, replace=False)),
        ("choice(n+1,n/2,no replace)", "int64", 8, lambda: rng.choice(n + 1, n // 2, replace=False)),
        ("permutation(n)", "int64", 8, lambda: rng.permutation(n)),
        ("shuffle(float64[n])", "float64", 8, lambda: rng.shuffle(shuffled)),
    ]
    # RANDOM_BENCH_CASES ("name|name|..."), when set, keeps only the cases of those names.
    only = os.environ.get("RANDOM_BENCH_CASES")
    if only is not None:
        cases = [case for case in cases if case[0] in only.split("|")]
    for name, dtype, itemsize, draw in cases:
        try:
            ms = event_median_ms(np, draw, repeat) if on_gpu else wall_median_ms(draw, repeat)
        except Exception as error:  # a method the peer lacks: said, and the rest go on
            emit(tool=tool, device=device, case=name, dtype=dtype, n=n, error=repr(error))
            continue
        emit(tool=tool, device=device, case=name, dtype=dtype, n=n, ms=ms,
             gbps=gbps(n, itemsize, ms))


if methods_log2n is not None:
    methods(methods_log2n, methods_on_gpu)
elif permutations_only:
    cpu_permutations() if mode == "cpu" else gpu_permutations()
elif mode == "cpu":
    cpu()
    cpu_permutations()
else:
    for peer in (gpu_cupy, gpu_torch, gpu_permutations):
        try:
            peer()
        except Exception as error:
            emit(tool=peer.__name__, error=repr(error))
