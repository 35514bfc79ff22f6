#!/usr/bin/env bash
# The test command of the README: set up a fresh machine, build everything, run every test suite.
# GPU tests skip themselves with a message where no GPU is present.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
# The compiler's phases include only earlier phases (order in compiler/CMakeLists.txt).
python3 tools/check_layering.py
# The kernel cache (cmake/GpuccKernelCache.cmake) lets tools/check_sanitizers.sh's trees reuse the
# outputs of this build's gpucc commands instead of compiling every .dsl file again.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DGPUCC_KERNEL_CACHE_DIR="$PWD/build/gpucc-kernel-cache"
cmake --build build
ctest --test-dir build --output-on-failure
