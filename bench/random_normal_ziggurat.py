"""Times bench/random_normal_ziggurat.dsl's ziggurat kernels beside the library's fast normal
(fast_form) and uniform_float32 of bench/random_normal_variants.dsl, in the same process and in
alternation (ROUNDS=2 times the whole list twice), through the CUDA driver API (ctypes): 2^28
float32 values, loc 0, scale 1, key 0x243F6A8885A308D3, offset 12345, CUDA events, median of 20
launches after 3 warm-ups, GB/s of bytes written; 2^18 blocks of 256 threads, except the
persistent zig_persist kernels, as many blocks as fit on the GPU at once (128 threads for the
zig_persist_tile2k and _mask2k kernels). Each ziggurat kernel's first 2^22 values are
compared bit for bit with bench/random_normal_ziggurat_reference.cpp's (REFERENCE.bin); the first
mismatches are printed. Usage:
  random_normal_ziggurat.py VARIANTS.cubin ZIGGURAT.cubin TABLE.bin REFERENCE.bin [NAME ...]
the cubins made by gpucc FILE.dsl --emit=ptx --arch=90 > F.ptx; ptxas -arch=sm_90 -O3 F.ptx -o
F.cubin, TABLE.bin by bench/ziggurat_tables.py. One JSON object per line. The driver calls and
the timing come from cuda_driver.py (copy it beside this script)."""
import ctypes
import json
import os
import sys

import numpy as np

from cuda_driver import check, cuda, device, load, median_ms


def device_array(nbytes):
    pointer = ctypes.c_uint64()
    check(cuda.cuMemAlloc_v2(ctypes.byref(pointer), ctypes.c_size_t(nbytes)), "cuMemAlloc")
    return pointer


variants, ziggurat = load(sys.argv[1]), load(sys.argv[2])
table_host = np.fromfile(sys.argv[3], dtype="<u4")
reference = np.fromfile(sys.argv[4], dtype="<u4")
assert table_host.size == 768, table_host.size
n = 1 << 28
grid, block = n // 1024, 256
key, offset = 0x243F6A8885A308D3, 12345
keyed = []
for r in range(10):
    keyed += [ctypes.c_uint32(((key & 0xFFFFFFFF) + r * 0x9E3779B9) & 0xFFFFFFFF),
              ctypes.c_uint32(((key >> 32) + r * 0xBB67AE85) & 0xFFFFFFFF)]
buffer = device_array(n * 4)
table = device_array(768 * 4)
check(cuda.cuMemcpyHtoD_v2(table.value, table_host.ctypes.data, 768 * 4), "copy table")


def launcher(name):
    array = [ctypes.c_uint64(buffer.value), ctypes.c_int64(n)]
    if name == "uniform_float32":
        values = array + [ctypes.c_uint64(key), ctypes.c_uint64(offset), ctypes.c_float(0),
                          ctypes.c_float(1)]
    else:
        values = array + [ctypes.c_uint64(offset), ctypes.c_float(0), ctypes.c_float(1)] + keyed
        if name.startswith("zig_"):
            values += [ctypes.c_uint64(table.value), ctypes.c_int64(768)]
    pointers = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
    function = ctypes.c_void_p()
    source = ziggurat if name.startswith("zig_") else variants
    check(cuda.cuModuleGetFunction(ctypes.byref(function), source, name.encode()), name)

    blocks = grid
    threads = 128 if "2k" in name else block
    if name.startswith("zig_persist"):
        # Persistent warps: as many blocks as the SMs hold at once.
        per_sm, sms = ctypes.c_int(), ctypes.c_int()
        check(cuda.cuOccupancyMaxActiveBlocksPerMultiprocessor(ctypes.byref(per_sm), function, threads,
                                                                ctypes.c_size_t(0)), "occupancy")
        check(cuda.cuDeviceGetAttribute(ctypes.byref(sms), 16, device), "SM count")
        blocks = per_sm.value * sms.value

    def launch():
        check(cuda.cuLaunchKernel(function, blocks, 1, 1, threads, 1, 1, 0, None, pointers, None), name)
    launch.keep = values
    launch.blocks = blocks
    launch.threads = threads
    return launch


names = sys.argv[5:] or ["fast_form", "uniform_float32", "zig_fast_only", "zig_inline", "zig_warp",
                         "zig_warp_lb8", "zig_block", "zig_block_lb8", "zig_block_smem", "zig_persist32",
                         "zig_persist16", "zig_persist32_lb1"]
for name in [m for _ in range(int(os.environ.get("ROUNDS", "1"))) for m in names]:
    launch = launcher(name)
    ms = median_ms(launch)
    row = {"kernel": name, "n": n, "blocks": launch.blocks, "threads": launch.threads, "ms": round(ms, 5),
           "gbps": round(n * 4 / ms / 1e6, 1)}
    if name.startswith("zig_"):
        check(cuda.cuMemsetD32_v2(ctypes.c_uint64(buffer.value), 0x7FC00000, ctypes.c_size_t(n)), "fill")
        launch()
        head = np.empty(reference.size, np.uint32)
        check(cuda.cuMemcpyDtoH_v2(head.ctypes.data, buffer.value, reference.size * 4), "copy")
        differ = np.flatnonzero(head != reference)
        row["checked"] = int(reference.size)
        row["differ_from_cpu"] = int(differ.size)
        row["first_differences"] = [[int(i), float(head[i:i + 1].view(np.float32)[0]),
                                     float(reference[i:i + 1].view(np.float32)[0])]
                                    for i in differ[:5]]
    print(json.dumps(row), flush=True)
