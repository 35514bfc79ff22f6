#!/bin/bash
# Runs BIN -jJ on INPUT; records gpucc's own peak RSS (VmHWM, children excluded) and wall time into LOG
BIN=$1; J=$2; IN=$3; LOG=$4
mkdir -p "${OUTPUTS:-outputs}"/$(basename $LOG); cd "${INPUTS:-inputs}"
start=$(date +%s.%N)
$BIN -j$J --progress -o "${OUTPUTS:-outputs}"/$(basename $LOG) $IN 2> $LOG.stderr &
pid=$!
hwm=0
while kill -0 $pid 2>/dev/null; do
  h=$(awk '/VmHWM/{print $2}' /proc/$pid/status 2>/dev/null); [ -n "$h" ] && hwm=$h
  sleep 0.5
done
wait $pid; rc=$?
end=$(date +%s.%N)
echo "$(basename $BIN) -j$J $IN: rc=$rc gpucc_peak_rss_kB=$hwm wall_s=$(echo "$end - $start" | bc)" > $LOG
