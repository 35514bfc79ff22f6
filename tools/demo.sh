#!/usr/bin/env bash
# The main job of the README: set up a fresh machine, build and install gpucc, then build the
# quickstart example as a user would (its own CMake project, find_package(gpucc),
# gpucc_add_kernels) and run it: on the GPU when one is usable, else on the CPU target.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
# gpucc and the libraries gpucc::runtime names (the standard library brings the core it links).
cmake --build build --target gpucc gpucc_stdlib
cmake --install build --prefix build/install >/dev/null
cmake -S examples/quickstart -B build/quickstart -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$PWD/build/install"
cmake --build build/quickstart
build/quickstart/quickstart
