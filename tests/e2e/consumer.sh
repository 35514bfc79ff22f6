#!/usr/bin/env bash
# End-to-end test of the installed package: installs this build into a fresh prefix, builds the
# quickstart example as a separate CMake project with find_package(gpucc) and gpucc_add_kernels,
# runs it (on the CPU target where there is no GPU), then edits nothing but checks that a second
# build is a no-op and that touching the .dsl rebuilds only the kernels.
# Usage: consumer.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -euo pipefail
source_dir="$1"
build_dir="$2"
work="$3"
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
cp -r "$source_dir/examples/quickstart" "$work/quickstart"
cmake -S "$work/quickstart" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"
GPUCC_DEVICE="${GPUCC_DEVICE:-cpu}" "$work/build/quickstart"

# Nothing changed: nothing to do.
if cmake --build "$work/build" -- -n -d explain 2>&1 | grep -q "gpucc kernels.dsl"; then
    echo "consumer: an unchanged build reran gpucc" >&2
    exit 1
fi
# The .dsl changed: gpucc runs again.
touch "$work/quickstart/kernels.dsl"
cmake --build "$work/build" | tee "$work/rebuild.log"
grep -q "gpucc kernels.dsl" "$work/rebuild.log" || { echo "consumer: editing kernels.dsl did not rerun gpucc" >&2; exit 1; }
echo "consumer: ok"
