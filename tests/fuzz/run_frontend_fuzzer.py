#!/usr/bin/env python3
"""Runs the front end's libFuzzer harness for a fixed time from the project's .dsl files.

The seed corpus is every .dsl under tests/, examples/ and runtime/src/stdlib/kernels/ plus the
inputs of tests/fuzz/regressions/, copied into a fresh directory so the source tree is never
written. libFuzzer stops at the first crash, sanitizer report, internal error, time-out or memory
blow-up and writes the input under <work>/artifacts/; this script then names the file and says
how to keep it as a regression input. Exit status: the fuzzer's (0: nothing found).

Usage: run_frontend_fuzzer.py --fuzzer build-asan/tests/fuzz/frontend_fuzzer --root . \
           --work build-asan/tests/fuzz/frontend --seconds 120
"""
import argparse
import os
import shutil
import subprocess
import sys

SEED_DIRS = ['tests', 'examples', os.path.join('runtime', 'src', 'stdlib', 'kernels')]


def collect_seeds(root, corpus):
    count = 0
    for top in SEED_DIRS:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith('.dsl') or os.path.basename(folder) == 'regressions':
                    if name == 'README.md':
                        continue
                    source = os.path.join(folder, name)
                    flat = os.path.relpath(source, root).replace(os.sep, '__')
                    shutil.copyfile(source, os.path.join(corpus, flat))
                    count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--fuzzer', required=True)
    parser.add_argument('--root', required=True, help='the source tree')
    parser.add_argument('--work', required=True, help='corpus and artifacts go here (recreated)')
    parser.add_argument('--seconds', type=int, default=120)
    parser.add_argument('--jobs', type=int, default=1)
    args = parser.parse_args()

    corpus = os.path.join(args.work, 'corpus')
    artifacts = os.path.join(args.work, 'artifacts') + os.sep
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(corpus)
    os.makedirs(artifacts)
    seeds = collect_seeds(args.root, corpus)
    print(f'fuzz: {seeds} seed inputs, {args.seconds} s', flush=True)

    here = os.path.dirname(os.path.abspath(__file__))
    command = [args.fuzzer, corpus,
               f'-dict={os.path.join(here, "dsl.dict")}',
               f'-max_total_time={args.seconds}',
               '-timeout=30',          # an input taking longer is a hang
               '-rss_limit_mb=4096',   # more is a memory blow-up
               '-max_len=8192',
               '-print_final_stats=1',
               f'-artifact_prefix={artifacts}']
    if args.jobs > 1:
        command += [f'-fork={args.jobs}']
    env = dict(os.environ)
    env.setdefault('ASAN_OPTIONS', 'detect_leaks=1')
    env.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1')
    code = subprocess.call(command, env=env)
    found = sorted(os.listdir(artifacts))
    if code != 0 or found:
        print(f'fuzz: FAILED (exit {code}); inputs kept:')
        for name in found:
            print(f'  {os.path.join(artifacts, name)}')
        print('fuzz: reproduce with `frontend_fuzzer <input>`; once fixed, copy the input into '
              'tests/fuzz/regressions/ (fuzz.regressions replays it every run)')
        return code or 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
