"""The small-product crossover from linalg_matmul_bench's `crossover` mode (small_gemm.h's rule):
reads OUT/gpucc.jsonl and prints, per dtype and shape, the GPU time of one call (events around
it) and the per-call host time (output allocated) of matmul with the library's kernel forced and
with cuBLAS forced, the GPU time the kernel loses (+) or gains (-), the host time it saves, and
whether it wins both ways ("both"), stays within the rule (GPU loss <= host saving: "rule") or
breaks it ("no"). Usage: crossover_linalg_matmul.py OUT"""
import json
import os
import sys

rows = {}
for line in open(os.path.join(sys.argv[1], "gpucc.jsonl")):
    line = line.strip()
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    case = r.get("case", "")
    for route in ("small_gemm", "cublas"):
        if case.startswith(f"crossover_{route}_"):
            rows[(r["dtype"], r["m"], r["n"], r["k"], route)] = r

print("| dtype | m | n | k | kernel GPU us | cuBLAS GPU us | kernel GPU loss us | kernel host us "
      "| cuBLAS host us | host saved us | verdict |")
print("|" + "---|" * 11)
shapes = sorted({key[:4] for key in rows}, key=lambda s: (s[0], s[1] * s[2] * s[3], s))
for dtype, m, n, k in shapes:
    kernel = rows.get((dtype, m, n, k, "small_gemm"))
    blas = rows.get((dtype, m, n, k, "cublas"))
    if kernel is None or blas is None:
        continue
    loss = kernel["gpu_us"] - blas["gpu_us"]
    saved = blas["us"] - kernel["us"]
    verdict = "both" if loss <= 0 and saved >= 0 else ("rule" if loss <= saved else "no")
    print(f"| {dtype} | {m} | {n} | {k} | {kernel['gpu_us']:.2f} | {blas['gpu_us']:.2f} | "
          f"{loss:+.2f} | {kernel['us']:.2f} | {blas['us']:.2f} | {saved:+.2f} | {verdict} |")
