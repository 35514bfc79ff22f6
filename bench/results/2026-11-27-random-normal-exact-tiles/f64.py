"""Times normal_float64 against its eight- and four-tile forms (2^28 float64 values, median of 20)
and checks they write the same bits (the first 2^22 values)."""
import ctypes, hashlib, json, sys
import numpy as np
from cuda_driver import check, cuda, load, median_ms
module = load(sys.argv[1])
n = 1 << 28
buffer = ctypes.c_uint64()
check(cuda.cuMemAlloc_v2(ctypes.byref(buffer), ctypes.c_size_t(n * 8)), "alloc")
for _ in range(2):
    for name, per in (("normal_float64", 1), ("normal_float64_tiles8", 8), ("normal_float64_tiles4", 4)):
        f = ctypes.c_void_p()
        check(cuda.cuModuleGetFunction(ctypes.byref(f), module, name.encode()), name)
        vals = [ctypes.c_uint64(buffer.value), ctypes.c_int64(n), ctypes.c_uint64(0x243F6A8885A308D3),
                ctypes.c_uint64(12345), ctypes.c_double(0.0), ctypes.c_double(1.0)]
        arr = (ctypes.c_void_p * len(vals))(*[ctypes.addressof(v) for v in vals])
        grid = n // (512 * per)
        launch = lambda: check(cuda.cuLaunchKernel(f, grid, 1, 1, 256, 1, 1, 0, None, arr, None), name)
        ms = median_ms(launch)
        launch()
        host = np.empty(1 << 22, np.float64)
        check(cuda.cuMemcpyDtoH_v2(host.ctypes.data, buffer.value, host.nbytes), "copy")
        print(json.dumps({"kernel": name, "ms": round(ms, 5), "gbps": round(n * 8 / ms / 1e6, 1),
                          "sha": hashlib.sha1(host.tobytes()).hexdigest()[:12]}), flush=True)
