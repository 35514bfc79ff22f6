#!/usr/bin/env python3
"""The default generator's exact kernels (random.dsl's gamma, beta, lognormal_float64,
poisson, binomial and the float32 _exact forms; common_draws.dsl's uniform, normal_float64 and
normal_float32_exact) give the same bits on the GPU and the CPU only while no sum takes a rounded
product: both targets mark
products and sums as contractible (nvcc's -fmad=true), and each back end may fuse such a pair
into one fma where the other does not. The kernels write every such sum as an explicit fma; this
test compiles a kernel file for both targets (optimized LLVM IR, what the back ends fuse from) and
fails on any fadd or fsub in the named kernels whose operand is an fmul, unless the fmul is by a
power of two (exact, so fused or not the same value). A name matches every kernel whose symbol
contains it. Usage: exact_kernels_have_no_contractible_sums.py GPUCC DSL KERNEL...."""
import math
import re
import subprocess
import sys

DEFINE = re.compile(r"define .*@([\w.]+)\(")
INSTRUCTION = re.compile(r"\s*(%[\w.]+) = (fmul|fadd|fsub)\b(.*)")
HEX_DOUBLE = re.compile(r"\b0x([0-9A-Fa-f]{16})\b")
DECIMAL = re.compile(r"(?<![\w%.])(-?\d+\.\d+e[+-]\d+)")


def is_power_of_two(constant):
    """Whether a constant operand's text is a power of two (or its negation)."""
    if constant.startswith("0x"):
        return int(constant[2:], 16) & ((1 << 52) - 1) == 0
    mantissa, _ = math.frexp(abs(float(constant)))
    return mantissa == 0.5


def exact_product(rest):
    """Whether an fmul's operands include a power-of-two constant."""
    constants = ["0x" + h for h in HEX_DOUBLE.findall(rest)] + DECIMAL.findall(rest)
    return any(is_power_of_two(c) for c in constants)


def contractible_sums(ir, exact_kernels):
    problems = []
    function = None
    products = {}
    for line in ir.splitlines():
        match = DEFINE.match(line)
        if match:
            function = match.group(1)
            products = {}
            continue
        match = INSTRUCTION.match(line)
        if not match or function is None:
            continue
        name, op, rest = match.groups()
        if op == "fmul":
            products[name] = exact_product(rest)
            continue
        if not any(kernel in function for kernel in exact_kernels):
            continue
        operands = re.findall(r"%[\w.]+", rest)
        if any(o in products and not products[o] for o in operands):
            problems.append(f"{function}: {line.strip()}")
    return problems


def main():
    gpucc, dsl, exact_kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = False
    for emit in ("llvm", "llvm-host"):
        ir = subprocess.run([gpucc, f"--emit={emit}", dsl], check=True, capture_output=True,
                            text=True).stdout
        kernels = [k for k in exact_kernels if re.search(rf"define .*@[\w.]*{k}", ir)]
        if len(kernels) != len(exact_kernels) or not exact_kernels:
            print(f"--emit={emit}: missing kernels: {set(exact_kernels) - set(kernels)}")
            failed = True
        for problem in contractible_sums(ir, exact_kernels):
            print(f"--emit={emit}: a sum of a rounded product: {problem}")
            failed = True
    print("failed" if failed else "no contractible sum in " + ", ".join(exact_kernels))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
