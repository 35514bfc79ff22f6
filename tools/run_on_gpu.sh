#!/usr/bin/env bash
# Runs, on a GPU machine, what tools/pack_gpu_run.sh packed from a build made elsewhere (no
# compiler needed there): every GPU test suite, the two-GPU suites when the machine has two GPUs,
# every example on both targets, and the benchmarks named in GPUCC_BENCHES with their CuPy and
# PyTorch peers. One log per program under OUT_DIR, packed into one archive at the end (the device
# tool brings back a few files per run). A suite that runs past GPUCC_SUITE_TIMEOUT seconds (300 by
# default) is stopped and counts as failed.
# Usage: tools/run_on_gpu.sh BUNDLE_DIR OUT_DIR
#   BUNDLE_DIR: suites/, multigpu/, examples/, bench/, lib/ as pack_gpu_run.sh writes them (one
#   of its two bundles or both: what is absent is not run).
#   GPUCC_BENCHES: space-separated names among: elementwise reduction matmul graph memory
#   linalg_matmul and any bench/run_<name>_bench.sh that takes `gpu BIN_DIR OUT_DIR` (default none),
#   each stopped after GPUCC_BENCH_TIMEOUT seconds (300 by default).
set -uo pipefail
bundle="$(cd "$1" && pwd)"
out="$2"
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:${CUDA_PATH:-/usr/local/cuda}/lib64"
export NCCL_NVLS_ENABLE=0
limit="${GPUCC_SUITE_TIMEOUT:-300}"
status=0
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpus.txt" 2>&1
gpus="$(grep -c . "$out/gpus.txt")"
run_suite() { # name, command...
    local name="$1"
    shift
    local start=$SECONDS
    timeout "$limit" "$@" > "$out/$name.log" 2>&1 < /dev/null
    local rc=$?
    echo "$name: exit $rc in $((SECONDS - start)) s; $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$out/$name.log" | tr '\n' ' ')"
    [[ $rc -eq 0 ]] || status=1
}
# One manifest line per run (tools/pack_gpu_run.sh): name, environment, executable, arguments.
run_manifest() { # folder
    local name env exe args
    [[ -f "$1.tsv" ]] || return 0
    while IFS='|' read -r name env exe args; do
        [[ -n "$name" ]] || continue
        set -f # the words may hold a gtest filter's `*`
        # shellcheck disable=SC2086 # the arguments are space-separated words
        run_suite "$name" env ${env//;/ } "$1/$exe" $args
        set +f
    done < "$1.tsv"
}
run_manifest "$bundle/suites"
if [[ -x "$bundle/suites/runtime_gpu_tests" ]]; then
    GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM=1 run_suite runtime_gpu_tests_ptds \
        "$bundle/suites/runtime_gpu_tests" --gtest_filter='GpuStreams.*:GpuEvents.*:GpuGraph.*:GpuProfiler.*'
fi
if [[ "$gpus" -ge 2 ]]; then
    run_manifest "$bundle/multigpu"
else
    echo "two-GPU suites not run: the machine has $gpus GPU(s)"
fi
for example in "$bundle"/examples/*; do
    [[ -x "$example" ]] || continue
    name="$(basename "$example")"
    run_suite "$name" bash -c "GPUCC_DEVICE=cuda:0 '$example' && GPUCC_DEVICE=cpu '$example'"
done
bench_limit="${GPUCC_BENCH_TIMEOUT:-300}"
for bench in ${GPUCC_BENCHES:-}; do
    start=$SECONDS
    case "$bench" in
    elementwise) timeout "$bench_limit" bash "$here/../bench/run_gpu_bench.sh" "$bundle/bench" "$out/$bench" ;;
    reduction | matmul | graph | memory)
        timeout "$bench_limit" bash "$here/../bench/run_${bench}_bench.sh" "$bundle/bench" "$out/$bench" ;;
    *) timeout "$bench_limit" bash "$here/../bench/run_${bench}_bench.sh" gpu "$bundle/bench" "$out/$bench" ;;
    esac > "$out/$bench.bench.log" 2>&1 || { status=1; echo "bench $bench failed"; }
    echo "bench $bench: done in $((SECONDS - start)) s"
done
packed="$(mktemp)"
tar czf "$packed" -C "$out" . && rm -rf "${out:?}"/* && mv "$packed" "$out/gpu-run.tgz"
exit $status
