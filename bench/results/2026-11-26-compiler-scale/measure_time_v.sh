#!/bin/bash
# /usr/bin/time -v of one gpucc run, each line of its output stamped with the time (UTC).
# Note: time -v reports the largest RSS of gpucc and the tools it waited for (ptxas, ld).
# usage: measure_time_v.sh BIN JOBS INPUT LOG
BIN=$1; J=$2; IN=$3; LOG=$4
mkdir -p "${OUTPUTS:-outputs}"/$(basename $LOG)
cd "${INPUTS:-inputs}"
/usr/bin/time -v $BIN -j$J --progress -o "${OUTPUTS:-outputs}"/$(basename $LOG) $IN 2>&1 | while IFS= read -r line; do echo "$(date -u +%T) $line"; done > $LOG
