#!/usr/bin/env bash
# One timed figure of make bench: runs COMMAND with its output appended to
# LOG and appends "NAME SECONDS" to RAW; a failure stops the benchmark.
#
#   time-command.sh RAW LOG NAME -- COMMAND...
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

if [ "$#" -lt 5 ] || [ "$4" != -- ]; then
	die "usage: time-command.sh RAW LOG NAME -- COMMAND..."
fi
raw=$1 log=$2 name=$3
shift 4
stage_begin "bench: $name ($*)"
t0=$(date +%s.%N)
"$@" >>"$log" 2>&1 || die "failed: $* (log: $log)"
t1=$(date +%s.%N)
printf '%s %s\n' "$name" "$(echo "$t1 - $t0" | bc)" >>"$raw"
stage_end
