#!/bin/bash
# One gpucc run measured three ways, into LOG: `/usr/bin/time -v` (wall time, and the largest RSS
# of gpucc or any one tool it waited for), gpucc's own peak RSS (VmHWM of its /proc status, tools
# excluded), and the largest total RSS of the CUDA tools (ptxas, nvlink, fatbinary) running at one
# time, both sampled every 0.2 s.
# Usage: measure.sh BIN JOBS INPUT LOG   (INPUT relative to $INPUTS, default ./inputs)
BIN=$1; J=$2; IN=$3; LOG=$4
out="${OUTPUTS:-$PWD/outputs}/$(basename "$LOG")"
mkdir -p "$out"
cd "${INPUTS:-inputs}" || exit 1
/usr/bin/time -v "$BIN" -j"$J" -o "$out" "$IN" > "$LOG.time" 2>&1 &
timepid=$!
sleep 0.2
pid=$(pgrep -P $timepid | head -1)
hwm=0; tools=0
while kill -0 $timepid 2>/dev/null; do
  h=$(awk '/VmHWM/{print $2}' /proc/$pid/status 2>/dev/null); [ -n "$h" ] && hwm=$h
  t=0
  for c in $(pgrep -P "$pid"); do
    r=$(awk '/VmRSS/{print $2}' /proc/$c/status 2>/dev/null); t=$((t + ${r:-0}))
  done
  [ $t -gt $tools ] && tools=$t
  sleep 0.2
done
wait $timepid; rc=$?
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$LOG.time")
maxrss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$LOG.time")
echo "$(basename "$BIN") -j$J $IN: rc=$rc wall=$wall time_v_max_rss_kB=$maxrss gpucc_peak_rss_kB=$hwm tools_peak_total_rss_kB=$tools" > "$LOG"
