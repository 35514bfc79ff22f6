#!/usr/bin/env bash
# Packs, from a build tree made here, what a GPU machine needs to run this tree's GPU suites,
# examples and benchmarks without a compiler: the GPU machine gets a copy of the source tree plus
# one carried folder, at most 64 MiB in all, so the binaries travel stripped and xz-compressed.
# The suites are found by their ctest labels (`gpu`, and `multigpu` for the ones needing two
# GPUs), so a new suite needs no edit here; the examples are every executable of build/examples;
# the benchmarks are the executables of build/bench. Shared libraries the GPU machine lacks
# (OpenBLAS and its Fortran run time, Google Benchmark) travel beside the binaries.
# The whole no longer fits one carry, so it is written as two bundles, each with the libraries:
# suites.tar.xz (the gpu and multigpu suites) and programs.tar.xz (examples and benchmarks), to
# carry in two calls (or one, if both fit).
# Usage: tools/pack_gpu_run.sh BUILD_DIR DEST_DIR   (on the GPU machine: tar xJf DEST_DIR/X.tar.xz
# -C DIR for one or both bundles, then tools/run_on_gpu.sh DIR OUT runs whatever DIR holds).
set -euo pipefail
build="$(cd "$1" && pwd)"
dest="$2"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/suites" "$stage/multigpu" "$stage/examples" "$stage/bench" "$dest"

# The tests with a given label: each executable once (copied to DIR), and a manifest DIR.tsv of
# what to run: one line per executable run whole, with the environment ctest gives it, plus one
# line per test that ctest runs with an environment of its own and a filter (GPUCC_SEED's test).
# Fields, separated by `|` (a tab would let `read` merge empty fields): name, environment
# (VAR=value;...), executable, arguments (space-separated).
pack_labelled() {
    ctest --test-dir "$build" -L "$1" --show-only=json-v1 2>/dev/null | python3 -c '
import json, os, shutil, sys
dest = sys.argv[1]
whole, extra = {}, []
for test in json.load(sys.stdin)["tests"]:
    command = test.get("command") or []
    if not command:
        continue
    exe, args = command[0], command[1:]
    env = ""
    for prop in test.get("properties", []):
        if prop["name"] == "ENVIRONMENT":
            env = ";".join(prop["value"])
    name = os.path.basename(exe)
    if name not in whole:
        shutil.copy(exe, dest)
        whole[name] = ""
    if env and not args:
        whole[name] = env
    elif env:
        extra.append((test["name"], env, name, " ".join(args)))
with open(dest + ".tsv", "w") as out:
    for name, env in whole.items():
        out.write(f"{name}|{env}|{name}|\n")
    for row in extra:
        out.write("|".join(row) + "\n")' "$2"
}
pack_labelled '^gpu$' "$stage/suites"
pack_labelled '^multigpu$' "$stage/multigpu"
for dir in "$build"/examples/*/; do
    name="$(basename "$dir")"
    [[ -x "$dir/$name" && -f "$dir/$name" ]] && cp "$dir/$name" "$stage/examples/"
done
find "$build/bench" -maxdepth 1 -type f -executable -exec cp {} "$stage/bench/" \;
find "$stage" -type f -executable -exec strip --strip-unneeded {} \; 2>/dev/null || true

# Libraries from the distribution that the GPU machine does not have: those the programs link, and
# OpenBLAS and LAPACKE, which the runtime opens on first use (runtime/src/linalg/cpu_blas_library.h),
# with what they link.
mkdir -p "$stage/lib"
opened=$(ldconfig -p | grep -oE '/[^ ]*/(libopenblas\.so\.0|liblapacke\.so\.3)$' | sort -u)
{ find "$stage" -type f -executable -print0 | xargs -0 ldd 2>/dev/null; echo "$opened"; ldd $opened; } |
    grep -oE '/[^ :]*(openblas|gfortran|quadmath|benchmark|lapack|tmglib|libblas|libcblas)[^ :]*\.so[^ :]*' | sort -u |
    while read -r lib; do cp -L "$lib" "$stage/lib/"; done

tar cf - -C "$stage" suites suites.tsv multigpu multigpu.tsv lib | xz -9 -T2 > "$dest/suites.tar.xz"
tar cf - -C "$stage" examples bench lib | xz -9 -T2 > "$dest/programs.tar.xz"
du -h "$dest/suites.tar.xz" "$dest/programs.tar.xz"
