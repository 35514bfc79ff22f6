#!/usr/bin/env bash
# Checks that a compiler change leaves code generation alone: compiles every tracked .dsl file of
# the repository with two gpucc binaries and compares what --emit=llvm, --emit=llvm-host and
# --emit=ptx print. A file whose stage fails with BEFORE (an expected-error test) is skipped. Byte
# differences in LLVM IR are passed to llvm-diff, which ignores value and block names: "equivalent"
# means only names differ, "DIFFERENT" means the code does. PTX must match byte for byte.
#
#   tools/compare_codegen.sh BEFORE_GPUCC AFTER_GPUCC [WORK_DIR]
#
# Outputs go under WORK_DIR (default: a fresh temporary directory), in before/ and after/. When
# WORK_DIR/before/ was made by the same BEFORE binary (its checksum is kept there) it is reused,
# so the baseline can be taken once before editing and compared against several builds. JOBS
# (default 2) files compile in parallel. LLVM_DIFF overrides the llvm-diff found on PATH or in
# the LLVM 22 install. Exits 0 when every stage is identical or equivalent, 1 otherwise.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: $0 BEFORE_GPUCC AFTER_GPUCC [WORK_DIR]" >&2
    exit 2
fi
before_bin=$(realpath "$1")
after_bin=$(realpath "$2")
work=${3:-$(mktemp -d -t compare_codegen.XXXXXX)}
mkdir -p "$work"
work=$(realpath "$work")
jobs=${JOBS:-2}
llvm_diff=${LLVM_DIFF:-$(command -v llvm-diff || command -v llvm-diff-22 ||
    echo /usr/lib/llvm-22/bin/llvm-diff)}
stages=(llvm llvm-host ptx)

cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.dsl')

# dump BINARY DIR: every stage of every file into DIR/<path>.<stage>; a failure leaves
# DIR/<path>.<stage>.failed instead.
dump() {
    local binary=$1 dir=$2
    export binary dir
    # shellcheck disable=SC2016 # the inner script expands its own variables
    printf '%s\n' "${files[@]}" | xargs -P "$jobs" -n 1 bash -c '
        for stage in llvm llvm-host ptx; do
            out="$dir/$1.$stage"
            mkdir -p "$(dirname "$out")"
            if ! "$binary" --emit=$stage "$1" > "$out" 2> /dev/null; then
                mv "$out" "$out.failed"
            fi
        done' dump
}

stamp=$(sha256sum "$before_bin" | cut -d" " -f1)
if [[ -f "$work/before/.stamp" && $(cat "$work/before/.stamp") == "$stamp" ]]; then
    echo "reusing $work/before (same BEFORE binary)"
else
    rm -rf "$work/before"
    mkdir -p "$work/before"
    dump "$before_bin" "$work/before"
    echo "$stamp" > "$work/before/.stamp"
fi
rm -rf "$work/after"
mkdir -p "$work/after"
dump "$after_bin" "$work/after"

identical=0 equivalent=0 skipped=0 different=0
for file in "${files[@]}"; do
    for stage in "${stages[@]}"; do
        old="$work/before/$file.$stage"
        new="$work/after/$file.$stage"
        if [[ ! -f "$old" ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        if [[ ! -f "$new" ]]; then
            echo "DIFFERENT $file --emit=$stage: fails with AFTER only"
            different=$((different + 1))
        elif cmp -s "$old" "$new"; then
            identical=$((identical + 1))
        elif [[ $stage != ptx ]] && "$llvm_diff" "$old" "$new" > "$new.llvm-diff" 2>&1; then
            echo "equivalent $file --emit=$stage (names differ)"
            equivalent=$((equivalent + 1))
        else
            echo "DIFFERENT $file --emit=$stage: diff $old $new"
            different=$((different + 1))
        fi
    done
done
echo "identical $identical, equivalent $equivalent, different $different," \
    "skipped $skipped (failing with BEFORE); outputs in $work"
[[ $different -eq 0 ]]
