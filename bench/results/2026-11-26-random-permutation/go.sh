#!/usr/bin/env bash
# permutation by counting sort (issue 22): the random suite, then the permutation rows of
# random_bench with CuPy and torch in the same run, then a kernel breakdown where nsys exists.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
T=/tmp/tpm
mkdir -p "$T" "$OUT/tests" "$OUT/bench"
tar xJf "$here/bundle.tar.xz" -C "$T"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/machine.txt"
start=$(date +%s)
(cd "$T" && timeout 140 ./random_tests_gpu) > "$OUT/tests/random_tests_gpu.log" 2>&1
echo "exit $? after $(( $(date +%s) - start )) s" >> "$OUT/tests/random_tests_gpu.log"
tail -3 "$OUT/tests/random_tests_gpu.log"
timeout 120 bash "$T/run_random_bench.sh" permutation gpu "$T" "$OUT/bench" 10 > "$OUT/bench/run.log" 2>&1
echo "exit $?" >> "$OUT/bench/run.log"
cat "$OUT/bench/run.log"
NSYS=""
if [ -n "$NSYS" ]; then
    cd /tmp && timeout 60 "$NSYS" profile -o /tmp/tpm_prof --force-overwrite true --stats=false "$T/random_bench" permutation gpu 3 > /dev/null 2>&1
    timeout 30 "$NSYS" stats --report cuda_gpu_kern_sum --format csv /tmp/tpm_prof.nsys-rep > "$OUT/bench/nsys_kernels.csv" 2>&1
    head -30 "$OUT/bench/nsys_kernels.csv"
fi
