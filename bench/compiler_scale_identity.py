#!/usr/bin/env python3
"""Checks that a changed gpucc writes byte-identical outputs, without rebuilding the project.

A change to gpucc makes every .dsl of the build recompile (20-30 minutes on a small machine), and
a change meant not to alter the generated code (how the header is written, how memory is held)
should be proved to leave every header and object as it was. This script reads the gpucc command
of every .dsl edge in a configured build's build.ninja (the build's own flags: --arch, -j,
--dtypes, ...), runs NEW_GPUCC with those flags into a scratch folder, and compares the header and
object with the ones the build holds, which the build's gpucc wrote. Run it on a build that is up
to date with the old gpucc (ninja says "no work to do"), before rebuilding with the new one.

With --header-only it runs `NEW_GPUCC --emit=header` instead (seconds for the whole build, no code
generation) and compares the header alone.

Usage: compiler_scale_identity.py BUILD_DIR NEW_GPUCC SCRATCH_DIR [--jobs N] [--only REGEX]
                                  [--header-only]
Prints one line per .dsl (same / DIFFERENT / FAILED) and exits 1 unless every one is the same.
"""
import argparse
import concurrent.futures
import filecmp
import os
import re
import shlex
import subprocess
import sys
import time


def gpucc_edges(build_dir):
    """(input, output_dir, flags) of each gpucc edge, from the kernel-cache wrapper's command."""
    edges = []
    with open(os.path.join(build_dir, "build.ninja")) as ninja:
        for line in ninja:
            line = line.strip()
            if not line.startswith("COMMAND = ") or "GpuccKernelCache.cmake" not in line:
                continue
            words = shlex.split(line[len("COMMAND = "):].split(" && ")[1])
            script = next(i for i, w in enumerate(words) if w.endswith("GpuccKernelCache.cmake"))
            # script OUTPUT_DIR NAME GPUCC INPUT -o OUTPUT_DIR FLAGS...
            source, rest = words[script + 4], words[script + 5:]
            out_dir = rest[rest.index("-o") + 1]
            flags = [w for w in rest[rest.index("-o") + 2:] if not w.startswith("--depfile")]
            edges.append((source, out_dir, flags))
    return edges


def compare_header(edge, gpucc):
    source, out_dir, flags = edge
    stem = os.path.basename(source)[:-len(".dsl")]
    run = subprocess.run([gpucc, "--emit=header", source] + flags, capture_output=True)
    if run.returncode != 0:
        return f"FAILED {source}: {run.stderr.decode(errors='replace').strip()[:400]}"
    with open(os.path.join(out_dir, stem + ".gpucc.h"), "rb") as built:
        return f"{'same' if built.read() == run.stdout else 'DIFFERENT .gpucc.h'} {source}"


def compare(edge, gpucc, scratch):
    source, out_dir, flags = edge
    stem = os.path.basename(source)[:-len(".dsl")]
    mine = os.path.join(scratch, re.sub(r"[^A-Za-z0-9_.]", "_", out_dir), stem)
    os.makedirs(mine, exist_ok=True)
    start = time.time()
    run = subprocess.run([gpucc, source, "-o", mine, "--quiet"] + flags,
                         capture_output=True, text=True)
    seconds = time.time() - start
    if run.returncode != 0:
        return f"FAILED {source} ({seconds:.0f} s): {run.stderr.strip()[:400]}"
    differing = [
        ext for ext in (".gpucc.h", ".gpucc.o")
        if not filecmp.cmp(os.path.join(out_dir, stem + ext), os.path.join(mine, stem + ext),
                           shallow=False)
    ]
    verdict = "DIFFERENT " + ",".join(differing) if differing else "same"
    return f"{verdict} {source} ({seconds:.0f} s)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build_dir")
    parser.add_argument("gpucc")
    parser.add_argument("scratch")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="")
    parser.add_argument("--header-only", action="store_true")
    args = parser.parse_args()
    edges = [e for e in gpucc_edges(args.build_dir) if re.search(args.only, e[0])]
    # The largest .dsl first, so that the longest compiles do not run alone at the end.
    edges.sort(key=lambda e: -os.path.getsize(e[0]))
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        check = (lambda e: compare_header(e, args.gpucc)) if args.header_only else (
            lambda e: compare(e, args.gpucc, args.scratch))
        for line in pool.map(check, edges):
            print(line, flush=True)
            failures += not line.startswith("same")
    what = "header" if args.header_only else "header and object"
    print(f"{len(edges) - failures} of {len(edges)} .dsl files: {what} identical")
    return 1 if failures or not edges else 0


if __name__ == "__main__":
    sys.exit(main())
