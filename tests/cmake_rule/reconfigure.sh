#!/usr/bin/env bash
# A re-configure must not recompile kernels: configures and builds a small project that uses
# gpucc_add_kernels (with the built gpucc as gpucc::gpucc), re-runs cmake with no change and then
# with an unrelated cache variable changed, and checks that Ninja has no gpucc command left to run
# (`ninja -n -d explain` says why an edge would run). Touching the .dsl file must then rerun gpucc,
# so the check can tell a stale build from a clean one.
# Usage: reconfigure.sh SOURCE_DIR GPUCC WORK_DIR
set -euo pipefail
source_dir="$1"
gpucc="$2"
work="$3"
rm -rf "$work"
rule_check=cmake_rule.reconfigure
source "$(dirname "$0")/rule_project.sh"
write_rule_project "$work/project" reconfigure_check "$gpucc" "$source_dir" "one one.dsl"
printf 'elementwise f(float32 x) -> (float32 y) { y = x + 1.0; }\n' > "$work/project/one.dsl"
build="$work/build"
cmake -S "$work/project" -B "$build" -G Ninja > "$work/configure.log" 2>&1 || fail "configure failed"
ninja -C "$build" > "$work/build.log" 2>&1 || fail "the first build failed: $(cat "$work/build.log")"
grep -q "gpucc one.dsl" "$work/build.log" || fail "the first build ran no gpucc"

# The edges Ninja would run now, with its reasons, and whether gpucc is among them.
expect_no_gpucc() { # what was done
    ninja -C "$build" -n -d explain > "$work/explain.log" 2>&1
    if grep -q "gpucc one.dsl" "$work/explain.log"; then
        fail "after $1, Ninja would run gpucc again:
$(grep -v 'phony edge\|/all is dirty' "$work/explain.log" | head -20)"
    fi
}
expect_no_gpucc "a build"
cmake "$build" > "$work/reconfigure.log" 2>&1 || fail "re-configure failed"
expect_no_gpucc "a re-configure with no change"
cmake -DUNRELATED_SETTING=on "$build" > "$work/reconfigure2.log" 2>&1 || fail "re-configure failed"
expect_no_gpucc "a re-configure that changed an unrelated cache variable"
ninja -C "$build" > "$work/build2.log" 2>&1 || fail "the build after re-configuring failed"
grep -q "gpucc one.dsl" "$work/build2.log" && fail "the build after re-configuring ran gpucc"

# The check itself: a changed .dsl file is compiled again.
touch "$work/project/one.dsl"
ninja -C "$build" -n > "$work/touched.log" 2>&1
grep -q "gpucc one.dsl" "$work/touched.log" || fail "a touched .dsl file would not be recompiled"
echo "cmake_rule.reconfigure: ok"
