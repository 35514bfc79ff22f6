#!/usr/bin/env python3
"""SASS instruction counts of the default generator's kernels before and after the same-bits change.

For sm_90 (H100), run from the repository root of a build tree:
    python3 bench/results/2026-11-27-random-same-bits/sass_counts.py <gpucc> <before commit>
Each .dsl file (the working tree's and the one at <before commit>) goes through the same gpucc
(--emit=ptx) and ptxas -arch=sm_90 -v. Without cuobjdump or nvdisasm at hand, the count is the size
of the kernel's .text section over 16 bytes (one sm_90 instruction each): the instructions with the
few NOPs that pad a kernel's end (a few more than a disassembly's count without NOPs). Also the
registers ptxas reports and the kernel's PTX instruction count.
"""
import os
import re
import subprocess
import sys
import tempfile

KERNELS = re.compile(r"^(uniform|normal|lognormal|exponential)_float(32|64)$")


def counts(gpucc, dsl, work):
    ptx = subprocess.run([gpucc, "--emit=ptx", dsl], check=True, capture_output=True, text=True).stdout
    with open(os.path.join(work, "k.ptx"), "w") as f:
        f.write(ptx)
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
    log = subprocess.run([cuda + "/bin/ptxas", "-arch=sm_90", "-v", os.path.join(work, "k.ptx"), "-o",
                          os.path.join(work, "k.cubin")], check=True, capture_output=True, text=True).stderr
    out = {}
    sections = subprocess.run(["readelf", "-S", "--wide", os.path.join(work, "k.cubin")],
                              capture_output=True, text=True).stdout
    for line in sections.splitlines():
        m = re.search(r"\]\s+\.text\.(\S+)\s+\S+\s+\S+\s+\S+\s+([0-9a-f]+)", line)
        if m:
            out.setdefault(m.group(1), {})["sass"] = int(m.group(2), 16) // 16
    name = None
    for line in log.splitlines():
        m = re.search(r"Compiling entry function '(\S+)'", line)
        if m:
            name = m.group(1)
        m = re.search(r"Used (\d+) registers", line)
        if m and name:
            out.setdefault(name, {})["registers"] = int(m.group(1))
    name = None
    for line in ptx.splitlines():
        m = re.match(r"\.visible \.entry (\w+)\(", line)
        if m:
            name = m.group(1)
        elif name and re.match(r"\t[a-z]", line) and not re.match(r"\t(ld\.param|ret;)", line):
            out.setdefault(name, {})["ptx"] = out.get(name, {}).get("ptx", 0) + 1
    return out


def main():
    gpucc, before = sys.argv[1], sys.argv[2]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for path in ["runtime/src/random/kernels/common_draws.dsl", "runtime/src/random/kernels/random.dsl"]:
            old = os.path.join(work, "old.dsl")
            with open(old, "w") as f:
                f.write(subprocess.run(["git", "show", f"{before}:{path}"], check=True, capture_output=True,
                                       text=True).stdout)
            a, b = counts(gpucc, old, work), counts(gpucc, path, work)
            for kernel in sorted(set(a) | set(b)):
                if KERNELS.match(kernel):
                    rows.append((kernel, a.get(kernel, {}), b.get(kernel, {})))
    print(f"{'kernel':24} {'SASS before':>11} {'after':>6} {'regs before':>11} {'after':>6} {'PTX before':>10} {'after':>6}")
    for kernel, a, b in rows:
        print(f"{kernel:24} {a.get('sass', 0):11} {b.get('sass', 0):6} {a.get('registers', 0):11} "
              f"{b.get('registers', 0):6} {a.get('ptx', 0):10} {b.get('ptx', 0):6}")


if __name__ == "__main__":
    main()
