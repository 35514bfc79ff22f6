#!/usr/bin/env python3
"""Writes outputs_N.dsl: one elementwise kernel with N float32 outputs (issue 18, "Scale": 25 s at
400 outputs; at 1,000 the parameters pass the 32,764 bytes a CUDA kernel may take).

Usage: generate_outputs.py OUTPUT_DIR N [N ...]
"""
import os
import sys


def kernel(count):
    outputs = ", ".join(f"float32 y{k}" for k in range(count))
    body = " ".join(f"y{k} = x + {k};" for k in range(count))
    return f"module params;\n\nelementwise many(float32 x) -> ({outputs}) {{{body}}}\n"


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for count in map(int, sys.argv[2:]):
        with open(os.path.join(out_dir, f"outputs_{count}.dsl"), "w") as f:
            f.write(kernel(count))


if __name__ == "__main__":
    main()
