#!/usr/bin/env python3
"""Writes the two large inputs of issue 18's "Scale" item, to measure gpucc's memory and time.

many_kernels_N.dsl: N small elementwise kernels in one file (one instance each).
placeholders.dsl: CuPy's `X x, Y y -> Z z` written with bare placeholders, which the default
dtype list (13 types) multiplies into 13^3 = 2,197 instances.

Usage: generate_inputs.py OUTPUT_DIR N [N ...]
"""
import os
import sys


def many_kernels(count):
    lines = ["module many_kernels;", ""]
    for k in range(count):
        lines.append(f"elementwise k{k}(float32 x, float32 y) -> (float32 z) {{ z = x * y + {k}.0f; }}")
    return "\n".join(lines) + "\n"


PLACEHOLDERS = """module placeholders;

elementwise add<X, Y, Z>(X x, Y y) -> (Z z) { z = x + y; }
"""


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for count in map(int, sys.argv[2:]):
        with open(os.path.join(out_dir, f"many_kernels_{count}.dsl"), "w") as f:
            f.write(many_kernels(count))
    with open(os.path.join(out_dir, "placeholders.dsl"), "w") as f:
        f.write(PLACEHOLDERS)


if __name__ == "__main__":
    main()
