#!/usr/bin/env bash
# Builds and runs every code snippet of README.md and dsl/reference.md as a user would: installs
# this build into a fresh prefix, turns the docs' code blocks into a CMake project with
# tools/extract_snippets.py (each ```dsl block through gpucc_add_kernels, each ```cpp block an
# executable against the runtime and the generated headers, each ```cmake block a subproject),
# configures it with find_package(gpucc), builds it, and runs each program on the CPU target.
# A snippet that stops compiling, or a program that fails its checks, fails the test.
# Usage: snippets.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -euo pipefail
source_dir="$1"
build_dir="$2"
work="$3"
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
python3 "$source_dir/tools/extract_snippets.py" "$work/project" \
    "$source_dir/README.md" "$source_dir/dsl/reference.md"
cmake -S "$work/project" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log" ||
    { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -- -k 0 > "$work/build.log" 2>&1 ||
    { grep -E "error|FAILED" "$work/build.log" | head -50; exit 1; }
status=0
while read -r program; do
    GPUCC_DEVICE=cpu "$work/build/$program" || { echo "snippets: $program failed" >&2; status=1; }
done < "$work/project/programs.txt"
[ "$status" = 0 ] && echo "snippets: ok"
exit "$status"
