#!/usr/bin/env python3
"""Replays the inputs that crashed gpucc, and the probes of its limits (tests/fuzz/regressions/).

Each file is compiled by the built gpucc, with --emit=ir (the front end, raw CUDA through Clang
included) and with --verify, and must end with exit status 0 or 1 (success or diagnostics) within
the time limit, printing no internal error, LLVM crash banner or sanitizer report. The files are
kept verbatim, whatever their extension; README.md describes them.

Usage: replay_regressions.py --gpucc build/tools/gpucc/gpucc tests/fuzz/regressions
"""
import argparse
import os
import subprocess
import sys
import tempfile

BAD_OUTPUT = ('internal error', 'Sanitizer', 'runtime error:', 'Stack dump:', 'LLVM ERROR')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--gpucc', required=True)
    parser.add_argument('--timeout', type=int, default=60)
    parser.add_argument('directory')
    args = parser.parse_args()

    inputs = sorted(name for name in os.listdir(args.directory) if name != 'README.md')
    if not inputs:
        print(f'replay: no inputs in {args.directory}')
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        for name in inputs:
            # gpucc takes the module name from the file name; a copy named .dsl keeps it valid.
            path = os.path.join(work, 'input.dsl')
            with open(os.path.join(args.directory, name), 'rb') as source:
                data = source.read()
            with open(path, 'wb') as copy:
                copy.write(data)
            for mode in ('--emit=ir', '--verify'):
                try:
                    result = subprocess.run([args.gpucc, mode, path], stdout=subprocess.DEVNULL,
                                            stderr=subprocess.PIPE, timeout=args.timeout)
                    code = result.returncode
                    report = result.stderr.decode('utf-8', 'replace')
                except subprocess.TimeoutExpired:
                    code, report = 'timeout', ''
                bad = [text for text in BAD_OUTPUT if text in report]
                if code not in (0, 1) or bad:
                    failures += 1
                    print(f'FAIL {name} ({mode}): exit {code}{"; " + ", ".join(bad) if bad else ""}')
                    print(report[-3000:])
    print(f'replay: {len(inputs)} inputs, {failures} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
