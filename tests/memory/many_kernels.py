"""The input of the memory tests: a .dsl file of many independent elementwise kernels.

memory_growth.py and header_memory.py measure how gpucc's memory grows with the kernel count; both
write the same kind of file (one float32 multiply-add kernel per line, each with its own constant
so that no two instances are the same code), generated here so that the two measure the same input.
"""


def write_kernels_file(path, module, count):
    """Writes `count` kernels k0 .. k<count-1> in module `module` to `path`."""
    with open(path, "w") as out:
        out.write(f"module {module};\n\n")
        for k in range(count):
            out.write(f"elementwise k{k}(float32 x, float32 y) -> (float32 z) "
                      f"{{ z = x * y + {k}.5f; }}\n")
