#!/bin/bash
# One gpucc run with its memory checkpoints (GPUCC_MEMORY_TRACE: resident set and heap at each
# stage, on stderr) and `/usr/bin/time -v` (wall and CPU time, the largest RSS of gpucc or one
# tool it waited for), all into LOG.
# Usage: measure_trace.sh GPUCC JOBS INPUT.dsl LOG
GPUCC=$1; J=$2; IN=$3; LOG=$4
out="${OUTPUTS:-$PWD/outputs}/$(basename "$LOG" .log)"
mkdir -p "$out"
GPUCC_MEMORY_TRACE=1 /usr/bin/time -v "$GPUCC" -j"$J" --quiet --arch=90 -o "$out" "$IN" > "$LOG" 2>&1
echo "rc=$?" >> "$LOG"
