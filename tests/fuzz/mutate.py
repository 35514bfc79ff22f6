#!/usr/bin/env python3
"""Mutation fuzzing of the gpucc front end.

Takes the language.md programs (every kernel kind, plus more statements) and mutates them many ways: deleting,
duplicating, swapping and replacing characters, tokens and whole lines, inserting punctuation and
keywords. Each mutant is compiled with `--emit=ir`; gpucc must exit 0 or 1 (never crash, hang or
print a sanitizer report). With a fixed seed the run is reproducible; a failing mutant is written
next to the report so it can be turned into a test.

It complements the coverage-guided harness (frontend_fuzzer.cpp): that one explores the front end
in process, guided by coverage; this one drives the whole gpucc command (raw CUDA through Clang, the
driver's exit codes), reproducibly, in every build, and under the sanitizers in build-asan.

Usage: mutate.py --gpucc build/tools/gpucc/gpucc [--seed 1] [--count 200] [--keep-dir DIR]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

ELEMENTWISE = r'''
module demo;
elementwise squared_diff(float32 x, float32 y) -> (float32 z) {
    z = (x - y) * (x - y);
}
elementwise squared_diff_generic<T: float32 | float64>(T x, T y) -> (T z) {
    T diff = x - y;
    z = diff * diff;
}
// seed exercise: y[i] = x1[i] * x2[i] + B, with a scalar parameter
elementwise mul_add<T: float32 | float64>(T x1, T x2, T b) -> (T y) {
    y = x1 * x2 + b;
}
/* raw parameters */
elementwise reverse<T>(raw T x) -> (T y) {
    y = x[_ind.size() - i - 1];
}
elementwise polar<T: float32 | float64>(T re, T im) -> (T r, T phi) {
    r = sqrt(re * re + im * im);
    if (r == 0) { phi = 0; } else { phi = atan2(im, re); }
}
elementwise loops(int32 n, raw float32 x) -> (float32 y) {
    float32 acc = 0.5f, s;
    for (int k = 0; k < n; ++k) { if (k % 2) continue; acc += x[k] * 1e-3; }
    do { s = acc--; } while (s > 0 && !false);
    unsigned long long big = 0xFFull << 3;
    y = n > 0 ? (float)acc : float(big) + fminf(s, 2);
}
'''

OTHER_KINDS = r'''
reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}
kernel block_sum(float32[] x, float32[] out, int32 n) {
    shared float32 buf[256];
    if (t == 0) atomic_add(&out[0], buf[0]);
}
raw cuda """
extern "C" __global__ void my_add(const float* x1, float* y, int n) { }
""" instantiate scale<float>, scale<double>;
raw cuda file "gemm.cu";
fuse softplus(x) = maximum(0, x) + log1p(exp(-abs(x)));
'''

SNIPPETS = ['(', ')', '{', '}', '[', ']', ';', ',', '->', '<', '>', '"', '"""', "'", '/*', '*/',
            '//', '0x', '1e', '.', '?', ':', '=', '+=', '++', 'elementwise', 'raw', 'module',
            'reduction', 'if', 'else', 'for', 'while', 'do', 'break', 'continue', 'return',
            'const', 'T', 'U', 'i', '_ind', 'float', 'unsigned', 'long', 'int32', 'float16',
            '99999999999999999999999', '1e999', '\\', '@', '\x00', '\xff', '\n', ' ']

TOKEN = re.compile(r'\s+|[A-Za-z_][A-Za-z0-9_]*|\d[\w.]*|"""|\S')


def mutate(text, rng):
    tokens = TOKEN.findall(text)
    lines = text.split('\n')
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(9)
        if choice == 0 and text:  # delete a character
            k = rng.randrange(len(text))
            text = text[:k] + text[k + 1:]
        elif choice == 1 and text:  # duplicate a span of characters
            k = rng.randrange(len(text))
            n = rng.randint(1, 20)
            text = text[:k] + text[k:k + n] + text[k:]
        elif choice == 2 and text:  # replace a character by a snippet
            k = rng.randrange(len(text))
            text = text[:k] + rng.choice(SNIPPETS) + text[k + 1:]
        elif choice == 3 and tokens:  # delete a token
            k = rng.randrange(len(tokens))
            del tokens[k]
            text = ''.join(tokens)
        elif choice == 4 and tokens:  # duplicate a token
            k = rng.randrange(len(tokens))
            tokens.insert(k, tokens[k])
            text = ''.join(tokens)
        elif choice == 5 and tokens:  # replace a token by another one of the program
            k = rng.randrange(len(tokens))
            tokens[k] = rng.choice(tokens)
            text = ''.join(tokens)
        elif choice == 6 and tokens:  # insert a snippet between tokens
            k = rng.randrange(len(tokens) + 1)
            tokens.insert(k, rng.choice(SNIPPETS))
            text = ''.join(tokens)
        elif choice == 7 and lines:  # delete or duplicate a line
            k = rng.randrange(len(lines))
            if rng.random() < 0.5:
                del lines[k]
            else:
                lines.insert(k, lines[k])
            text = '\n'.join(lines)
        elif choice == 8 and tokens:  # truncate
            text = ''.join(tokens[:rng.randrange(len(tokens) + 1)])
        tokens = TOKEN.findall(text)
        lines = text.split('\n')
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--gpucc', required=True)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--count', type=int, default=200)
    parser.add_argument('--keep-dir', default=None, help='where failing mutants are written')
    args = parser.parse_args()

    rng = random.Random(args.seed)
    failures = 0
    exit_counts = {}
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, 'mutant.dsl')
        for n in range(args.count):
            # Half the mutants start from the elementwise kernels alone, so that many of them
            # still parse and exercise Sema; the others include every kernel kind.
            base = ELEMENTWISE if rng.random() < 0.5 else ELEMENTWISE + OTHER_KINDS
            mutant = mutate(base, rng)
            with open(path, 'w', encoding='latin-1') as f:
                f.write(mutant)
            for extra in (['--emit=ir'], ['--verify']):
                try:
                    result = subprocess.run([args.gpucc, *extra, path], stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, timeout=20)
                    code = result.returncode
                    report = result.stderr.decode('utf-8', 'replace')
                except subprocess.TimeoutExpired:
                    code, report = 'timeout', ''
                exit_counts[code] = exit_counts.get(code, 0) + 1
                sanitizer = 'Sanitizer' in report or 'runtime error:' in report
                if code not in (0, 1) or sanitizer:
                    failures += 1
                    keep = args.keep_dir or os.getcwd()
                    saved = os.path.join(keep, f'mutant_{args.seed}_{n}.dsl')
                    with open(saved, 'w', encoding='latin-1') as f:
                        f.write(mutant)
                    print(f'FAIL mutant {n} ({" ".join(extra)}): exit {code}; saved as {saved}')
                    print(report[-3000:])
    print(f'{args.count} mutants, exit codes {exit_counts}, {failures} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
