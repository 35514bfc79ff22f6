#!/usr/bin/env bash
# The sanitizer and fuzzing stage of CI (tools/check.sh runs it after the main build and ctest).
# Builds two more configurations of the tree with Clang 22, each only the targets its tests need:
#
#   build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer on every target, and the front end's
#                libFuzzer harness (-DGPUCC_FUZZ=ON). Runs the lit suites, the fuzz tests (the
#                harness time-boxed to GPUCC_FUZZ_SECONDS, default 120, then the replay of
#                tests/fuzz/regressions), the runtime unit tests (label unit, fake driver included)
#                and the CPU-target kernel and standard-library tests. gpucc itself is
#                instrumented, so compiling the standard library's and the tests' kernels is one
#                more check of the compiler. The GPU suites (label gpu) are not built: they skip
#                without a GPU. e2e, link and examples are left out: they build separate projects
#                against an installed, uninstrumented-by-design runtime.
#   build-tsan/  ThreadSanitizer on the runtime and its tests: the memory pools, streams, events
#                and graphs (label unit, over a fake driver and a fake upstream) and the CPU
#                thread pool (the kernel tests on the CPU target). Its kernels are compiled by the
#                main build's gpucc (GPUCC_PREBUILT_GPUCC): an instrumented compiler adds nothing
#                here but build time.
#
# Code gpucc generates for the host is not instrumented; the runtime's calls into it are. Reports
# stop the test (UBSan does not recover; halt_on_error for TSan), so a finding fails CI. The
# suppressions files, tests/sanitizers/*.supp, say why each entry is there.
#
# Usage: tools/check_sanitizers.sh [asan|tsan|all]   (default all; env GPUCC_FUZZ_SECONDS,
#        GPUCC_MAIN_BUILD: the main build directory, default build)
# Time on a 2-core machine, measured with other work beside it: see the numbers it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
fuzz_seconds="${GPUCC_FUZZ_SECONDS:-120}"
main_build="${GPUCC_MAIN_BUILD:-build}"
jobs="$(nproc)"
llvm_bin=/usr/lib/llvm-22/bin

common=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUCC_BUILD_BENCH=OFF
        -DCMAKE_C_COMPILER="$llvm_bin/clang" -DCMAKE_CXX_COMPILER="$llvm_bin/clang++")
if command -v ccache >/dev/null; then
    common+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
export ASAN_OPTIONS="detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"

step() { # step <name> <command...>: runs it, prints its time
    local start=$SECONDS
    echo "== check_sanitizers: $1"
    shift
    "$@"
    echo "== check_sanitizers: done in $((SECONDS - start)) s"
}

asan() {
    step "configure build-asan" cmake -S . -B build-asan "${common[@]}" \
        -DGPUCC_SANITIZE=address,undefined -DGPUCC_FUZZ=ON -DGPUCC_FUZZ_SECONDS="$fuzz_seconds" \
        >/dev/null
    step "build build-asan (compiler, fuzzer, runtime, CPU tests)" \
        cmake --build build-asan -j "$jobs" --target gpucc frontend_fuzzer runtime_unit_tests \
        runtime_fake_driver_tests kernel_tests_cpu reduction_kernel_tests_cpu \
        raw_kernel_tests_cpu grid_kernel_tests_cpu stdlib_tests_cpu
    step "ASan+UBSan: lit, fuzz, unit, CPU kernel and stdlib tests" \
        ctest --test-dir build-asan -j "$jobs" --output-on-failure -LE gpu \
        -E '^(e2e|link|examples)\.|_NOT_BUILT'
}

tsan() {
    local gpucc="$PWD/$main_build/tools/gpucc/gpucc"
    if [ ! -x "$gpucc" ]; then
        step "build gpucc in $main_build" cmake --build "$main_build" --target gpucc
    fi
    step "configure build-tsan" cmake -S . -B build-tsan "${common[@]}" \
        -DGPUCC_SANITIZE=thread -DGPUCC_PREBUILT_GPUCC="$gpucc" >/dev/null
    step "build build-tsan (runtime, unit and CPU kernel tests)" \
        cmake --build build-tsan -j "$jobs" --target runtime_unit_tests runtime_fake_driver_tests \
        kernel_tests_cpu reduction_kernel_tests_cpu grid_kernel_tests_cpu
    step "TSan: pools, streams, events, graphs (unit) and the CPU thread pool (kernel tests)" \
        ctest --test-dir build-tsan -j "$jobs" --output-on-failure -LE gpu \
        -E '^(e2e|link|examples|lit|fuzz|stdlib)\.|^kernels\.raw|_NOT_BUILT'
}

total=$SECONDS
case "$what" in
asan) asan ;;
tsan) tsan ;;
all) asan && tsan ;;
*) echo "usage: $0 [asan|tsan|all]" >&2; exit 2 ;;
esac
echo "== check_sanitizers: all passed in $((SECONDS - total)) s"
