#!/usr/bin/env bash
# The test command of the README: set up a fresh machine, build everything, run every test suite.
# GPU tests skip themselves with a message where no GPU is present.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
# The compiler's phases include only earlier phases (order in compiler/CMakeLists.txt).
python3 tools/check_layering.py
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
ctest --test-dir build --output-on-failure
