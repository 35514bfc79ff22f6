#!/usr/bin/env bash
# The sanitizer and fuzzing stages of CI (.ci/run runs `tsan`, then `asan` with a 90 s fuzzer, after
# tools/check.sh has built and tested the main build, whose gpucc they use).
# Builds two more configurations of the tree with Clang 22, each only the targets its tests need:
#
#   build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer on every target, and the front end's
#                libFuzzer harness (-DGPUCC_FUZZ=ON). Runs the lit suites and fuzz.mutate (the
#                instrumented gpucc on every kind of input, raw CUDA through Clang included), the
#                fuzz tests (the harness time-boxed to GPUCC_FUZZ_SECONDS, default 120, and the
#                replay of tests/fuzz/regressions), the runtime unit tests (label unit, over the
#                fake driver and the fake upstream) and the CPU-target kernel and standard-library
#                tests. The GPU suites (label gpu) are not built: they skip without a GPU. e2e,
#                link and examples are left out: they build separate projects against the
#                installed package, which is the normal build's.
#   build-tsan/  ThreadSanitizer on the runtime and its tests: the memory pools, streams, events
#                and graphs (label unit, over the fake driver and the fake upstream) and the CPU
#                thread pool (the kernel tests on the CPU target).
#
# Both compile their kernels (the standard library's, the tests') with the main build's gpucc
# (GPUCC_PREBUILT_GPUCC, cmake/GpuccSanitize.cmake): the instrumented gpucc took several times as
# long on the standard library, which would cost CI more minutes than the rest of this script, and
# it is exercised by the lit suites and the fuzzers instead. Code gpucc generates for the host is
# not instrumented; the runtime's calls into it are. A report aborts the test (UBSan does not
# recover), so a finding fails CI.
# Because gpucc and its inputs are the same, both share the main build's kernel cache
# (GPUCC_KERNEL_CACHE_DIR, cmake/GpuccKernelCache.cmake: keyed by gpucc's bytes, the command line
# and the bytes of every file gpucc read): a .dsl file the main build compiled is copied, not
# compiled again, and one it did not is compiled once for both stages.
#
# Usage: tools/check_sanitizers.sh [asan|tsan|all]   (default all; env GPUCC_FUZZ_SECONDS,
#        GPUCC_MAIN_BUILD: the main build directory, default build)
# Time: each step prints its own. The first full `asan` run (2026-11-26, the target list before
# fusion, random, grid barriers, linalg decompositions and the distributed units joined it) used
# 1,595 s of CPU (user + system) for its build and tests with GPUCC_FUZZ_SECONDS=90, so about
# 15-20 minutes on an idle 2-core machine; the `tsan` stage about 5. If they ever outgrow CI's
# budget, GPUCC_FUZZ_SECONDS and the `asan`/`tsan` arguments split them.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
fuzz_seconds="${GPUCC_FUZZ_SECONDS:-120}"
main_build="${GPUCC_MAIN_BUILD:-build}"
jobs="$(nproc)"
llvm_bin=/usr/lib/llvm-22/bin

common=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUCC_BUILD_BENCH=OFF
        -DCMAKE_C_COMPILER="$llvm_bin/clang" -DCMAKE_CXX_COMPILER="$llvm_bin/clang++"
        -DGPUCC_KERNEL_CACHE_DIR="$(realpath -m "$main_build")/gpucc-kernel-cache")
if command -v ccache >/dev/null; then
    common+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# A report aborts the process (a signal, not exit status 1), so a test that expects gpucc to exit
# with 1 on a user error (the lit suites' %exit_code, mutate.py, the regression replay) still sees
# the finding as a crash.
# allocator_may_return_null: the runtime's tests ask for impossible host allocations and expect
# gpucc's out-of-memory error, which ASan and TSan would otherwise pre-empt with a report.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1"
TSAN_OPTIONS+=":allocator_may_return_null=1"

step() { # step <name> <command...>: runs it, prints its time
    local start=$SECONDS
    echo "== check_sanitizers: $1"
    shift
    "$@"
    echo "== check_sanitizers: done in $((SECONDS - start)) s"
}

asan() {
    step "configure build-asan" cmake -S . -B build-asan "${common[@]}" \
        -DGPUCC_SANITIZE=address,undefined -DGPUCC_PREBUILT_GPUCC="$gpucc" \
        -DGPUCC_LIT_CXX="$main_cxx" -DGPUCC_FUZZ=ON -DGPUCC_FUZZ_SECONDS="$fuzz_seconds" >/dev/null
    step "build build-asan (compiler, fuzzer, runtime, CPU tests)" \
        cmake --build build-asan -j "$jobs" --target gpucc frontend_fuzzer runtime_unit_tests \
        runtime_fake_driver_tests runtime_streams_cpu kernel_tests_cpu reduction_kernel_tests_cpu \
        raw_kernel_tests_cpu grid_kernel_tests_cpu grid_barrier_tests_cpu \
        division_kernel_tests_cpu stdlib_tests_cpu linalg_tests_cpu linalg_small_route_tests_cpu \
        linalg_decomposition_tests_cpu fusion_tests_cpu fusion_reduction_tests_cpu fusion_persistent_tests_cpu random_tests_cpu \
        fusion_kernel_calls_tests_cpu fusion_results_tests_cpu fusion_post_array_tests_cpu \
        fusion_multi_reduction_tests_cpu fusion_persistent_argument_tests_cpu \
        distributed_unit_tests
    sanitized_ctest "ASan+UBSan: lit, fuzz, unit, CPU kernel, stdlib, linalg, fusion, random" \
        build-asan "$sanitizers_never_run"
}

# What neither sanitized configuration runs: e2e, link, examples and docs build separate projects
# against the installed package (the normal build's); the MPI suites start Open MPI's processes,
# whose uninstrumented progress threads and allocations the sanitizers would report as gpucc's.
# memory.growth bounds resident sets, which a sanitizer's shadow memory inflates.
sanitizers_never_run='^(e2e|link|examples|docs|memory)\.|^distributed\.mpi\.'
# Under TSan also: the lit and fuzz suites (the compiler has no threads of its own to check) and
# random.curand (cuRAND's host generator, which TSan cannot see into). The random suite runs: its
# poisson kernel once raced on libm's global signgam (host lgamma is now lgamma_r).
tsan_never_run="$sanitizers_never_run"'|^(lit|fuzz)\.|^random\.curand\.'

# sanitized_ctest <title> <build dir> <regex>: runs the CPU tests (not label gpu) of a sanitized
# build except those the regex names and those whose executable the build did not make (ctest
# found none, or a path of the command is a Ninja output that does not exist; each stage builds
# only its list of targets: a new suite is skipped, and listed here, until someone adds its target
# to the list).
sanitized_ctest() {
    local title="$1" dir="$2" never="$3" unbuilt
    unbuilt="$(ctest --test-dir "$dir" -LE gpu --show-only=json-v1 | python3 -c '
import json, os, subprocess, sys
build = os.path.abspath(sys.argv[1])
def unbuilt_output(path):  # a missing file that Ninja knows how to make (not, say, a work folder)
    if os.path.exists(path):
        return False
    query = ["ninja", "-C", build, "-t", "query", os.path.relpath(path, build)]
    return subprocess.run(query, capture_output=True).returncode == 0
for test in json.load(sys.stdin)["tests"]:
    command = test.get("command") or []  # none: ctest found no executable for the test
    if not command or any(unbuilt_output(a) for a in command if a.startswith(build + "/")):
        print(test["name"])' "$dir")"
    if [[ -n "$unbuilt" ]]; then
        echo "== check_sanitizers: not built in $dir, so not run: $(echo "$unbuilt" | paste -sd' ')"
        never+="|^($(echo "$unbuilt" | sed 's/[.]/\\./g' | paste -sd'|'))\$"
    fi
    step "$title" ctest --test-dir "$dir" -j "$jobs" --output-on-failure -LE gpu -E "$never"
}

tsan() {
    step "configure build-tsan" cmake -S . -B build-tsan "${common[@]}" \
        -DGPUCC_SANITIZE=thread -DGPUCC_PREBUILT_GPUCC="$gpucc" >/dev/null
    step "build build-tsan (runtime, unit and CPU kernel tests)" \
        cmake --build build-tsan -j "$jobs" --target runtime_unit_tests runtime_fake_driver_tests \
        runtime_streams_cpu kernel_tests_cpu reduction_kernel_tests_cpu grid_kernel_tests_cpu \
        grid_barrier_tests_cpu distributed_unit_tests random_tests_cpu
    sanitized_ctest "TSan: pools, streams, events, graphs (unit), the CPU thread pool (kernel tests)" \
        build-tsan "$tsan_never_run"
}

total=$SECONDS
gpucc="$PWD/$main_build/tools/gpucc/gpucc"
if [ ! -x "$gpucc" ]; then
    step "build gpucc in $main_build" cmake --build "$main_build" --target gpucc
fi
# The lit suites check generated headers against the main build's C++ compiler's messages.
main_cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$main_build/CMakeCache.txt")"
case "$what" in
asan) asan ;;
tsan) tsan ;;
all) asan && tsan ;;
*) echo "usage: $0 [asan|tsan|all]" >&2; exit 2 ;;
esac
echo "== check_sanitizers: all passed in $((SECONDS - total)) s"
