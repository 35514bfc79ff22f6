#!/usr/bin/env bash
# gpucc_add_kernels must not oversubscribe the cores when Ninja runs several gpucc commands at
# once: each gpucc gets GPUCC_JOBS threads (default 1), and with more than one thread the gpucc
# commands run in a Ninja job pool of max(1, cores / GPUCC_JOBS). Configures a small project that
# includes the rule (with the built gpucc as gpucc::gpucc) and reads the commands and pools of its
# build.ninja; a GPUCC_JOBS that is not a number is refused at configure time.
# Usage: jobs.sh SOURCE_DIR GPUCC WORK_DIR
set -euo pipefail
source_dir="$1"
gpucc="$2"
work="$3"
rm -rf "$work"
rule_check=cmake_rule.jobs
source "$(dirname "$0")/rule_project.sh"
write_rule_project "$work/project" jobs_check "$gpucc" "$source_dir" "one one.dsl" "two two.dsl"
printf 'elementwise f(float32 x) -> (float32 y) { y = x; }\n' > "$work/project/one.dsl"
printf 'elementwise g(float32 x) -> (float32 y) { y = x; }\n' > "$work/project/two.dsl"
configure() { # build dir, extra cmake arguments
    local dir="$1"
    shift
    cmake -S "$work/project" -B "$work/$dir" -G Ninja "$@" > "$work/$dir.log" 2>&1
}
gpucc_commands() { # the gpucc commands of a build dir, one a line
    ninja -C "$work/$1" -t commands | grep -F -- "--depfile=" || true
}

# Default: each gpucc runs on one thread; Ninja's own parallelism fills the cores, no pool.
configure default
[ "$(gpucc_commands default | wc -l)" -eq 2 ] || fail "expected two gpucc commands"
gpucc_commands default | grep -v -q -- " -j1 " && fail "a default gpucc command is not -j1"
grep -q "pool = gpucc_threaded" "$work/default/build.ninja" && fail "the default uses a pool"

# GPUCC_JOBS=0 (one thread per core): the gpucc commands run one at a time in their pool.
configure all_cores -DGPUCC_JOBS=0
gpucc_commands all_cores | grep -v -q -- " -j0 " && fail "GPUCC_JOBS=0 did not pass -j0"
[ "$(grep -c "pool = gpucc_threaded_1$" "$work/all_cores/build.ninja")" -eq 2 ] ||
    fail "GPUCC_JOBS=0: the two gpucc commands are not in the pool gpucc_threaded_1"
pool_depth() { # the depth of Ninja pool $2 in build dir $1 (CMake writes pools in rules.ninja)
    grep -rh -A1 "^pool $2\$" "$work/$1/build.ninja" "$work/$1/CMakeFiles/rules.ninja" |
        sed -n 's/^ *depth = //p'
}
[ "$(pool_depth all_cores gpucc_threaded_1)" = 1 ] ||
    fail "GPUCC_JOBS=0: no pool gpucc_threaded_1 of depth 1"

# GPUCC_JOBS=N: a pool of max(1, cores / N).
printf 'cmake_host_system_information(RESULT n QUERY NUMBER_OF_LOGICAL_CORES)\nmessage("${n}")\n' \
    > "$work/cores.cmake"
cores=$(cmake -P "$work/cores.cmake" 2>&1)
configure two_threads -DGPUCC_JOBS=2
depth=$((cores / 2 > 0 ? cores / 2 : 1))
gpucc_commands two_threads | grep -v -q -- " -j2 " && fail "GPUCC_JOBS=2 did not pass -j2"
[ "$(pool_depth two_threads "gpucc_threaded_${depth}")" = "$depth" ] ||
    fail "GPUCC_JOBS=2 on ${cores} cores: no pool gpucc_threaded_${depth} of depth ${depth}"

# Not a number: a configure error that names the variable.
if configure bad -DGPUCC_JOBS=many; then
    fail "GPUCC_JOBS=many was accepted"
fi
grep -q "GPUCC_JOBS is 'many'; expected a number of threads" "$work/bad.log" ||
    fail "GPUCC_JOBS=many: the configure error does not say what is wrong"
echo "cmake_rule.jobs: ok"
