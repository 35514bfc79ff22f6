#!/usr/bin/env python3
"""Writes the large inputs of issue 18's "Scale" item, to measure gpucc's memory and time.

many_kernels_N.dsl: N small elementwise kernels in one file (one instance each).
placeholders.dsl: CuPy's `X x, Y y -> Z z` written with bare placeholders, which the default
dtype list (13 types) multiplies into 13^3 = 2,197 instances.
outputs_M.dsl (after --outputs): one elementwise kernel with M float32 outputs (25 s at 400 outputs
once; at 1,000 the parameters pass the 32,764 bytes a CUDA kernel may take).

The runs in bench/results/2026-11-26-compiler-scale*/ used this generator.
Usage: compiler_scale_inputs.py OUTPUT_DIR [N ...] [--outputs M ...]
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


def many_outputs(count):
    outputs = ", ".join(f"float32 y{k}" for k in range(count))
    body = " ".join(f"y{k} = x + {k};" for k in range(count))
    return f"module params;\n\nelementwise many(float32 x) -> ({outputs}) {{{body}}}\n"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def main():
    out_dir, args = sys.argv[1], sys.argv[2:]
    split = args.index("--outputs") if "--outputs" in args else len(args)
    os.makedirs(out_dir, exist_ok=True)
    for count in map(int, args[:split]):
        write(os.path.join(out_dir, f"many_kernels_{count}.dsl"), many_kernels(count))
    write(os.path.join(out_dir, "placeholders.dsl"), PLACEHOLDERS)
    for count in map(int, args[split + 1:]):
        write(os.path.join(out_dir, f"outputs_{count}.dsl"), many_outputs(count))


if __name__ == "__main__":
    main()
