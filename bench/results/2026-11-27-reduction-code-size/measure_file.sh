#!/bin/bash
# One whole .dsl compile as the build runs it (-j1, object and header), timed: CPU seconds of
# gpucc and the ptxas it waits for (user, system), wall, peak memory, and the load average before
# and after. Usage: measure_file.sh GPUCC FILE.dsl LABEL OUTDIR [gpucc options, e.g. --dtypes=...]
set -u
g=$1 f=$2 label=$3 dir=$4
shift 4
out="$dir/out_$label"
rm -rf "$out"
mkdir -p "$out"
cat /proc/loadavg > "$dir/$label.load"
/usr/bin/time -f "$label user %U sys %S wall %e maxrss %M" -o "$dir/$label.time" \
    nice -n 5 "$g" "$f" -o "$out" -j1 --quiet "$@"
echo "rc=$?" >> "$dir/$label.time"
cat /proc/loadavg >> "$dir/$label.load"
