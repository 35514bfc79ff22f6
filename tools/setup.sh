#!/usr/bin/env bash
# Installs what gpucc needs to build and test on a fresh Debian 12 machine: LLVM/Clang 22, CMake,
# Ninja, GoogleTest, Google Benchmark, NumPy (the CPU benchmark's peer), OpenBLAS and LAPACKE (the
# CPU target's matmul and decompositions), Open MPI (gpucc::distributed on CPU arrays). The CUDA 13
# toolkit is expected at /usr/local/cuda (or $CUDA_PATH); it is not installed here. Safe to run
# twice: it asks apt only for packages that are missing.
set -euo pipefail

packages=(cmake ninja-build g++ llvm-22-dev libclang-22-dev libclang-cpp22
          libclang-common-22-dev clang-22 llvm-22-tools
          libgtest-dev libgmock-dev libbenchmark-dev python3-numpy libopenblas-dev
          libclang-rt-22-dev # Clang's sanitizer and libFuzzer runtimes: tools/check_sanitizers.sh
          liblapacke-dev # LAPACKE over OpenBLAS: numpy.linalg decompositions on the CPU
          libopenmpi-dev openmpi-bin) # gpucc::distributed's CPU engine and its multi-process tests
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
cuda="${CUDA_PATH:-/usr/local/cuda}"
for f in include/cuda.h bin/ptxas bin/nvlink bin/fatbinary nvvm/libdevice/libdevice.10.bc; do
    if [ ! -e "$cuda/$f" ]; then
        echo "setup: the CUDA 13 toolkit is missing $cuda/$f (set CUDA_PATH to its root)" >&2
        exit 1
    fi
done
echo "setup: ok (LLVM $(/usr/lib/llvm-22/bin/llvm-config --version), CUDA at $cuda)"
