#!/usr/bin/env python3
"""random.dsl's exact kernels (gamma, beta_ratio, lognormal_float64, poisson, binomial) give the
same bits on the GPU and the CPU only while no sum takes a rounded product: both targets mark
products and sums as contractible (nvcc's -fmad=true), and each back end may fuse such a pair
into one fma where the other does not. The kernels write every such sum as an explicit fma; this
test compiles random.dsl for both targets (optimized LLVM IR, what the back ends fuse from) and
fails on any fadd or fsub in those kernels whose operand is an fmul, unless the fmul is by a power
of two (exact, so fused or not the same value). Usage: exact_kernels_have_no_contractible_sums.py
GPUCC RANDOM_DSL."""
import math
import re
import subprocess
import sys

EXACT_KERNELS = ("gamma", "beta_ratio", "lognormal_float64", "poisson", "binomial")
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


def contractible_sums(ir):
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
        if not any(kernel in function for kernel in EXACT_KERNELS):
            continue
        operands = re.findall(r"%[\w.]+", rest)
        if any(o in products and not products[o] for o in operands):
            problems.append(f"{function}: {line.strip()}")
    return problems


def main():
    gpucc, dsl = sys.argv[1], sys.argv[2]
    failed = False
    for emit in ("llvm", "llvm-host"):
        ir = subprocess.run([gpucc, f"--emit={emit}", dsl], check=True, capture_output=True,
                            text=True).stdout
        kernels = [k for k in EXACT_KERNELS if re.search(rf"define .*@[\w.]*{k}", ir)]
        if len(kernels) != len(EXACT_KERNELS):
            print(f"--emit={emit}: missing kernels: {set(EXACT_KERNELS) - set(kernels)}")
            failed = True
        for problem in contractible_sums(ir):
            print(f"--emit={emit}: a sum of a rounded product: {problem}")
            failed = True
    print("failed" if failed else "no contractible sum in " + ", ".join(EXACT_KERNELS))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
