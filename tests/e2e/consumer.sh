#!/usr/bin/env bash
# End-to-end test of the installed package: installs this build into a fresh prefix, builds the
# quickstart example as a separate CMake project with find_package(gpucc) and gpucc_add_kernels,
# runs it (on the CPU target where there is no GPU), then edits nothing but checks that a second
# build is a no-op and that touching the .dsl rebuilds only the kernels. Then a project whose .dsl
# reads a raw CUDA file that includes a header: touching the header reruns gpucc.
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

# Raw CUDA from a file: the files Clang read are dependencies of the generated code.
raw="$work/raw_project"
mkdir -p "$raw"
cat > "$raw/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(raw_consumer LANGUAGES CXX)
find_package(gpucc REQUIRED)
gpucc_add_kernels(raw_kernels kernels.dsl)
add_executable(raw_app main.cpp)
target_link_libraries(raw_app PRIVATE raw_kernels)
CMAKE
printf 'raw cuda file "scale.cu";\n' > "$raw/kernels.dsl"
printf '#include "scale.cuh"\nextern "C" __global__ void scale(float* x, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) x[i] = factor() * x[i];\n}\n' > "$raw/scale.cu"
printf '__device__ inline float factor() { return 2.0f; }\n' > "$raw/scale.cuh"
cat > "$raw/main.cpp" <<'CPP'
#include "kernels.gpucc.h"
#include <cstdio>
int main() {
    std::printf("raw kernel entry point: %s\n", kernels::scale.symbol());
    return 0;
}
CPP
cmake -S "$raw" -B "$work/raw_build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/raw_configure.log"
cmake --build "$work/raw_build" > "$work/raw_build.log"
"$work/raw_build/raw_app"
if cmake --build "$work/raw_build" -- -n -d explain 2>&1 | grep -q "gpucc kernels.dsl"; then
    echo "consumer: an unchanged raw CUDA build reran gpucc" >&2
    exit 1
fi
touch "$raw/scale.cuh"
cmake --build "$work/raw_build" | tee "$work/raw_rebuild.log"
grep -q "gpucc kernels.dsl" "$work/raw_rebuild.log" ||
    { echo "consumer: editing a header of the raw CUDA file did not rerun gpucc" >&2; exit 1; }
echo "consumer: ok"
