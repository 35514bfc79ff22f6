#!/usr/bin/env bash
# The build figures of bench/results/*-architecture-build.md: a clean configure and build of the
# whole tree, then the rebuild after touching one compiler source that does not change code
# generation (what reran, and how long), then the size of a program that calls add, exp and sum
# (tests/link/add_exp_sum.cpp). ccache is off, so every compile is real.
# Usage: bench/measure_build.sh BUILD_DIR OUT_FILE [TOUCHED_SOURCE]
set -euo pipefail
cd "$(dirname "$0")/.."
build="$1"
out="$2"
touched="${3:-compiler/sema/Suggest.cpp}"
export CCACHE_DISABLE=1
rm -rf "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
{
    echo "machine: $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    /usr/bin/time -f "clean build: %e s wall, %U s user, %S s sys" cmake --build "$build" \
        2>&1 >/dev/null | tail -1
    touch "$touched"
    plan="$(ninja -C "$build" -n | grep '^\[')"
    echo "after touching $touched, ninja plans $(grep -c . <<<"$plan") edges:"
    echo "  compile C++: $(grep -c 'Building CXX' <<<"$plan" || true)"
    echo "  run gpucc on a .dsl: $(grep -c 'gpucc .*\.dsl' <<<"$plan" || true)"
    echo "  link an executable: $(grep -c 'Linking CXX executable' <<<"$plan" || true)"
    echo "  archive a library: $(grep -c 'Linking CXX static library' <<<"$plan" || true)"
    /usr/bin/time -f "rebuild: %e s wall, %U s user, %S s sys" cmake --build "$build" \
        2>&1 >"$build/touch-rebuild.log" | tail -1
    ran="$(grep '^\[' "$build/touch-rebuild.log" || true)"
    echo "what ran (restat drops the edges whose inputs did not change):"
    echo "  compile C++: $(grep -c 'Building CXX' <<<"$ran" || true)"
    echo "  run gpucc on a .dsl: $(grep -c 'gpucc .*\.dsl' <<<"$ran" || true)"
    echo "  link an executable: $(grep -c 'Linking CXX executable' <<<"$ran" || true)"
    echo "  archive a library: $(grep -c 'Linking CXX static library' <<<"$ran" || true)"
    probe="$build/tests/link/link_add_exp_sum"
    if [[ -x "$probe" ]]; then
        strip -o "$build/add_exp_sum.stripped" "$probe"
        echo "add/exp/sum program: $(stat -c %s "$probe") bytes," \
             "$(stat -c %s "$build/add_exp_sum.stripped") stripped"
    fi
} | tee "$out"
