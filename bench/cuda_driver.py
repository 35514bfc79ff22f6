"""The CUDA driver API through ctypes for the bench scripts that time cubins without CuPy
(random_normal_variants.py, random_normal_ziggurat.py): a context on device 0, module loading,
and the timing protocol they share (CUDA events around each launch, median of 20 launches after
3 warm-ups). Importing it initialises the driver."""
import ctypes

cuda = ctypes.CDLL("libcuda.so.1")


def check(result, what):
    if result != 0:
        raise RuntimeError(f"{what}: CUresult {result}")


check(cuda.cuInit(0), "cuInit")
device = ctypes.c_int()
check(cuda.cuDeviceGet(ctypes.byref(device), 0), "cuDeviceGet")
context = ctypes.c_void_p()
check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device), "retain")
check(cuda.cuCtxSetCurrent(context), "cuCtxSetCurrent")
cuda.cuMemcpyDtoH_v2.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_size_t]
cuda.cuMemcpyHtoD_v2.argtypes = [ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t]


def load(path):
    handle = ctypes.c_void_p()
    check(cuda.cuModuleLoad(ctypes.byref(handle), path.encode()), "cuModuleLoad " + path)
    return handle


def event():
    e = ctypes.c_void_p()
    check(cuda.cuEventCreate(ctypes.byref(e), 0), "cuEventCreate")
    return e


def median_ms(launch):
    for _ in range(3):
        launch()
    start, stop = event(), event()
    times = []
    for _ in range(20):
        cuda.cuEventRecord(start, None)
        launch()
        cuda.cuEventRecord(stop, None)
        check(cuda.cuEventSynchronize(stop), "sync")
        ms = ctypes.c_float()
        cuda.cuEventElapsedTime(ctypes.byref(ms), start, stop)
        times.append(ms.value)
    return sorted(times)[10]
