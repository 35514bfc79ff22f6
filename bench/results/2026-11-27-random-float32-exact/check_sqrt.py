# Runs check_sqrt of the variants cubin: how many of the 2^24 radii t of the draw get another root
# from the rsqrt-corrected form than from sqrt.rn.f32 on this GPU.
import sys
import cupy as cp
module = cp.RawModule(path=sys.argv[1])
kernel = module.get_function("check_sqrt")
y = cp.zeros(1, dtype=cp.uint32)
kernel(((1 << 24) // 256,), (256,), (y,))
print("check_sqrt: t values whose rsqrt-corrected root differs from sqrt.rn:", int(y.get()[0]), "of", 1 << 24)
