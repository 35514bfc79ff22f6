#!/bin/bash
# Samples the RSS (kB) of the process whose command line starts with $1 every 2 s into $2
# ("ptxas" on a line: a ptxas was running then).
while true; do
  pid=$(pgrep -f "^$1" | head -1)
  [ -z "$pid" ] && { sleep 2; pid=$(pgrep -f "^$1" | head -1); [ -z "$pid" ] && exit 0; }
  echo "$(date -u +%T) $(awk '/VmRSS/{print $2}' /proc/$pid/status 2>/dev/null) $(pgrep -x ptxas >/dev/null && echo ptxas)" >> $2
  sleep 2
done
