#!/usr/bin/env bash
# Runs the GPU test suites under NVIDIA's compute-sanitizer on a GPU machine, from binaries built
# elsewhere: memcheck (out-of-bounds and misaligned accesses, leaks of device memory, errors the
# API returned) over every suite, racecheck (shared-memory hazards) over the suites whose kernels
# use shared memory. One log per suite and tool under OUT_DIR; exits non-zero if any run reports
# an error. compute-sanitizer slows kernels by one to two orders of magnitude: each run has a
# time limit (GPUCC_SANITIZE_TIMEOUT seconds, 240 by default) and a timed-out run counts as failed.
# The runs go in parallel (the GPU and the host have room for several sanitized processes).
# GpuLaunch.HostCostPerCall bounds the host time of a launch, which the sanitizer multiplies: it is
# left out of the sanitized runs. API errors that negative tests provoke on purpose (a launch with
# too much shared memory, allocations over a limit) are reported by memcheck as errors too: the
# log names each, and tests/gpu/results/ keeps the reviewed list with the committed log.
# Usage: tools/sanitize_on_gpu.sh BUNDLE_DIR OUT_DIR (BUNDLE_DIR as tools/pack_gpu_run.sh packs it)
set -uo pipefail
bin="$1/suites"
out="$2"
mkdir -p "$out"
limit="${GPUCC_SANITIZE_TIMEOUT:-240}"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
status=0
export LD_LIBRARY_PATH="$(cd "$1/lib" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
run() {
    local tool="$1" suite="$2"
    [[ -x "$bin/$suite" ]] || return 0
    local log="$out/$suite.$tool.log"
    GTEST_FILTER='-GpuLaunch.HostCostPerCall' timeout "$limit" "$sanitizer" --tool "$tool" --error-exitcode 3 --print-limit 20 \
        "$bin/$suite" > "$log" 2>&1
    local rc=$?
    echo "$suite $tool: exit $rc; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED' "$log" |
        tail -n 3 | tr '\n' ' ')" > "$log.summary"
    return $rc
}
pids=()
for path in "$bin"/*; do
    run memcheck "$(basename "$path")" &
    pids+=($!)
done
for suite in reduction_kernel_tests_gpu grid_kernel_tests_gpu grid_barrier_tests_gpu \
    raw_kernel_tests_gpu stdlib_tests_gpu; do
    run racecheck "$suite" &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
cat "$out"/*.summary
# The device tool returns a few files per run: pack everything into one.
packed="$(mktemp)"
tar czf "$packed" -C "$out" . && rm -rf "${out:?}"/* && mv "$packed" "$out/sanitize.tgz"
exit $status
