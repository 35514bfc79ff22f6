#!/usr/bin/env python3
"""gpucc must not hold the generated header in memory (issue 18, "Scale").

The header is about 2 kB per kernel; gpucc writes it to its file (or, with --emit=header, to
stdout) a line at a time as it generates it. When it built the header as a string first (and a
wrapped copy of it), a file of 10,000 kernels peaked at 220.8 MB against 108.0 MB for the same
file printed as kernel IR: 113 MB, about 11 kB per kernel. Streamed, the two peaks are equal
(107.4 and 108.1 MB). This test compiles one file of many kernels with --emit=ir (sema, then the
IR through a buffered stream: the base) and with --emit=header, reads each run's peak resident set
(wait4's ru_maxrss) and fails when the header's run peaks more than BOUND_MB above the base. It
also checks that the header was written whole, so that a header not generated cannot pass. A few
seconds on a 2-core machine.

Usage: header_memory.py --gpucc PATH --work DIR [--kernels N]
"""
import argparse
import os
import shutil
import sys

from many_kernels import write_kernels_file

# Over 10,000 kernels the in-memory header cost 113 MB; a streamed one costs nothing measurable.
BOUND_MB = 8


def peak_kb(gpucc, emit, source, stdout_path):
    with open(stdout_path, "wb") as out:
        pid = os.fork()
        if pid == 0:
            os.dup2(out.fileno(), 1)
            os.execv(gpucc, [gpucc, f"--emit={emit}", source])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"header_memory: gpucc --emit={emit} failed on {source}")
    return usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpucc", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--kernels", type=int, default=10000)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    source = os.path.join(args.work, "many.dsl")
    write_kernels_file(source, "header_memory", args.kernels)
    header = os.path.join(args.work, "many.gpucc.h")
    base = peak_kb(args.gpucc, "ir", source, os.path.join(args.work, "many.kir"))
    with_header = peak_kb(args.gpucc, "header", source, header)
    size = os.path.getsize(header)
    with open(header, "rb") as text:
        text.seek(max(0, size - 200))
        tail = text.read()
    print(f"{args.kernels} kernels: --emit=ir peak {base} kB, --emit=header peak {with_header} kB, "
          f"header {size} bytes")
    failed = False
    if size < 1000 * args.kernels or not tail.endswith(b"} // namespace header_memory\n"):
        print(f"FAIL: the header is not whole ({size} bytes)", file=sys.stderr)
        failed = True
    if with_header - base > BOUND_MB * 1024:
        print(f"FAIL: generating the header costs {(with_header - base) / 1024:.1f} MB over the "
              f"base (bound {BOUND_MB} MB): it is held in memory", file=sys.stderr)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
