"""What the peer scripts (bench/peers_*.py) share: one JSON object per line, and the timing
protocols their gpucc binaries use, written once so every peer is measured the same way: the
median of CUDA-event times around single calls (CuPy or PyTorch events), the median of wall
times for CPU work, and the host time per call of a loop of calls."""
import json
import sys
import time


def emit(**fields):
    """Prints one result as a JSON line, flushed so a later crash keeps it."""
    print(json.dumps(fields), flush=True)


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def _event_pair(lib):
    """Two timing events of `lib` (the cupy or the torch module) and how to read their gap in ms."""
    if lib.__name__ == "torch":
        start = lib.cuda.Event(enable_timing=True)
        stop = lib.cuda.Event(enable_timing=True)
        return start, stop, lambda: start.elapsed_time(stop)
    start, stop = lib.cuda.Event(), lib.cuda.Event()
    return start, stop, lambda: lib.cuda.get_elapsed_time(start, stop)


def event_median_ms(lib, run, repeat, warmup=2):
    """The median GPU time in ms of `run()` between two events of `lib` (cupy or torch), after
    `warmup` untimed calls."""
    for _ in range(warmup):
        run()
    times = []
    for _ in range(repeat):
        start, stop, elapsed = _event_pair(lib)
        start.record()
        run()
        stop.record()
        stop.synchronize()
        times.append(elapsed())
    return median(times)


def wall_median_ms(run, repeat, warmup=1):
    """The median wall time in ms of `run()` after `warmup` untimed calls."""
    for _ in range(warmup):
        run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1e3)
    return median(times)


def host_us_per_call(call, sync=None, calls=2000, warmup=1000, rounds=1, pick=median,
                     sync_inside=True):
    """Host time in us per call of `calls` back-to-back calls, over `rounds` rounds reduced with
    `pick` (median, or min where noise only adds time). With `sync_inside` each round's time
    includes a final `sync()` (the device finishing the work); otherwise the round stops the clock
    first and syncs after."""
    for _ in range(warmup):
        call()
    if sync:
        sync()
    per_call = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        if sync and sync_inside:
            sync()
        per_call.append((time.perf_counter() - start) * 1e6 / calls)
        if sync and not sync_inside:
            sync()
    return pick(per_call)


def argument(index, default, kind=int):
    """sys.argv[index] converted by `kind`, or `default` when it is not given."""
    return kind(sys.argv[index]) if len(sys.argv) > index else default
