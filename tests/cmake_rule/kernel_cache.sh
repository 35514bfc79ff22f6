#!/usr/bin/env bash
# GPUCC_KERNEL_CACHE_DIR (cmake/GpuccKernelCache.cmake) must never serve stale outputs: builds a
# small project (an elementwise kernel and a `raw cuda file` whose header sets a constant) in fresh
# build trees that share one cache folder, and checks from the cache's stats.log and the outputs'
# bytes that a second tree is a hit with byte-identical outputs and a depfile naming its own
# folder, and that a changed .dsl file, a changed header that the raw CUDA file includes and a
# changed gpucc executable are each a miss whose outputs are gpucc's fresh ones. Also: without
# the option the rule runs gpucc directly, and a failing gpucc fails the build and stores nothing.
# Usage: kernel_cache.sh SOURCE_DIR GPUCC WORK_DIR
set -euo pipefail
source_dir="$1"
gpucc="$2"
work="$3"
rm -rf "$work"
mkdir -p "$work/project" "$work/tools"
cache="$work/cache"
cp "$gpucc" "$work/tools/gpucc"

rule_check=cmake_rule.kernel_cache
source "$(dirname "$0")/rule_project.sh"
write_rule_project "$work/project" kernel_cache_check '${TEST_GPUCC}' '${TEST_SOURCE_DIR}' \
    "cached kernels.dsl"
cat > "$work/project/kernels.dsl" <<'DSL'
module cached;
elementwise add_one(float32 x) -> (float32 y) { y = x + 1.0; }
raw cuda file "scale.cu";
DSL
cat > "$work/project/scale.cu" <<'CUDA'
#include "scale_factor.cuh"
extern "C" __global__ void scale(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * kScaleFactor;
}
CUDA
printf '__device__ constexpr float kScaleFactor = 3.0f;\n' > "$work/project/scale_factor.cuh"

# build <name> [cmake options...]: configures and builds a fresh tree $work/<name> with the cache.
build() {
    local name="$1"
    shift
    cmake -S "$work/project" -B "$work/$name" -G Ninja -DTEST_SOURCE_DIR="$source_dir" \
        -DTEST_GPUCC="$work/tools/gpucc" -DGPUCC_KERNEL_CACHE_DIR="$cache" "$@" \
        > "$work/$name.configure.log" 2>&1 || fail "configuring $name failed: $(cat "$work/$name.configure.log")"
    ninja -C "$work/$name" > "$work/$name.build.log" 2>&1 || fail "building $name failed: $(cat "$work/$name.build.log")"
}
# expect <hit|miss> <what>: the last lookup in stats.log
expect() {
    local last
    last="$(tail -n 1 "$cache/stats.log")"
    [[ "$last" == "$1 kernels" ]] || fail "$2: expected a $1, stats.log ends with '$last'"
}
outputs() { # outputs <tree>: the generated header and object
    echo "$work/$1/cached.gpucc/kernels.gpucc.h" "$work/$1/cached.gpucc/kernels.gpucc.o"
}
same_outputs() { # same_outputs <tree> <tree>
    local a b
    read -r -a a <<< "$(outputs "$1")"
    read -r -a b <<< "$(outputs "$2")"
    cmp -s "${a[0]}" "${b[0]}" && cmp -s "${a[1]}" "${b[1]}"
}

build first
expect miss "the first build"
build second
expect hit "a second tree of the same sources"
same_outputs first second || fail "a hit gave outputs that differ from gpucc's"
grep -q "^$work/second/cached.gpucc/kernels.gpucc.h" "$work/second/cached.gpucc/kernels.gpucc.d" ||
    fail "a hit's depfile does not name its own tree: $(cat "$work/second/cached.gpucc/kernels.gpucc.d")"
grep -q "scale_factor.cuh" "$work/second/cached.gpucc/kernels.gpucc.d" ||
    fail "a hit's depfile lost the raw CUDA header"

# A changed header of the raw CUDA file: a miss, and the outputs are the new constant's.
printf '__device__ constexpr float kScaleFactor = 5.0f;\n' > "$work/project/scale_factor.cuh"
build header_changed
expect miss "a changed header that the raw CUDA file includes"
same_outputs first header_changed && fail "a changed raw CUDA header left the outputs unchanged"
"$work/tools/gpucc" "$work/project/kernels.dsl" -o "$work/direct_header" > /dev/null 2>&1
cmp -s "$work/direct_header/kernels.gpucc.o" "$work/header_changed/cached.gpucc/kernels.gpucc.o" ||
    fail "after a header change the object is not what gpucc makes now"
ninja -C "$work/second" > "$work/second.rebuild.log" 2>&1 || fail "rebuilding second failed"
grep -q "gpucc kernels.dsl" "$work/second.rebuild.log" || fail "Ninja did not rerun the rule after a header change"
expect hit "the older tree after the header change (the entry header_changed stored)"
same_outputs header_changed second || fail "the older tree did not get the new header's outputs"

# A changed .dsl file: a miss.
printf 'elementwise add_two(float32 x) -> (float32 y) { y = x + 2.0; }\n' >> "$work/project/kernels.dsl"
build dsl_changed
expect miss "a changed .dsl file"
grep -q "add_two" "$work/dsl_changed/cached.gpucc/kernels.gpucc.h" || fail "the changed .dsl file's kernel is missing"

# A changed gpucc executable (one byte appended: it still runs): a miss.
printf '\0' >> "$work/tools/gpucc"
build gpucc_changed
expect miss "a changed gpucc"
same_outputs dsl_changed gpucc_changed || fail "the same gpucc code gave different outputs"

# A failing gpucc fails the build, and nothing is stored for it.
entries_before="$(find "$cache" -mindepth 2 -maxdepth 2 -type d | wc -l)"
printf 'elementwise broken(float32 x) -> (float32 y) { y = undefined_name; }\n' >> "$work/project/kernels.dsl"
cmake -S "$work/project" -B "$work/broken" -G Ninja -DTEST_SOURCE_DIR="$source_dir" \
    -DTEST_GPUCC="$work/tools/gpucc" -DGPUCC_KERNEL_CACHE_DIR="$cache" > /dev/null 2>&1
if ninja -C "$work/broken" > "$work/broken.log" 2>&1; then
    fail "a .dsl error did not fail the build"
fi
grep -q "undefined_name" "$work/broken.log" || fail "gpucc's message is missing: $(cat "$work/broken.log")"
[[ "$(find "$cache" -mindepth 2 -maxdepth 2 -type d | wc -l)" == "$entries_before" ]] ||
    fail "a failed compile was stored"

# Without the option, the rule runs gpucc itself.
cmake -S "$work/project" -B "$work/plain" -G Ninja -DTEST_SOURCE_DIR="$source_dir" \
    -DTEST_GPUCC="$work/tools/gpucc" > /dev/null 2>&1 || fail "configuring plain failed"
grep -q "GpuccKernelCache" "$work/plain/build.ninja" && fail "the cache is used without GPUCC_KERNEL_CACHE_DIR"
grep -q "tools/gpucc $work/project/kernels.dsl" "$work/plain/build.ninja" ||
    fail "without the option the rule does not run gpucc directly"
echo "cmake_rule.kernel_cache: ok"
