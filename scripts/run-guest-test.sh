#!/usr/bin/env bash
# Boot one test image in QEMU without a terminal, save the serial log under
# build/tests/, and judge it: every TAP/KTAP block must have its plan and
# as many results as planned, no result may be "not ok", the boot must
# print its end marker before the timeout, at least EXPECT blocks must be
# there, and the kernel log must be clean.
#
#   run-guest-test.sh NAME TIMEOUT EXPECT -- RUN_QEMU_ARGS...
#
# Prints the result lines and "NAME: P passed, F failed[, S skipped]",
# writes the counts to build/tests/NAME.counts, exits 1 on any failure.
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

usage="usage: run-guest-test.sh NAME TIMEOUT EXPECT -- RUN_QEMU_ARGS..."
if [ "$#" -lt 5 ] || [ "$4" != "--" ]; then
	die "$usage"
fi
name=$1 timeout_s=$2 expect=$3
shift 4

outdir=${TEST_OUT:-build/tests}
mkdir -p "$outdir"
log=$outdir/$name.log
stage_begin "guest test $name"

rc=0
timeout --foreground -k 5 "$timeout_s" "$(dirname "$0")/run-qemu.sh" "$@" --batch >"$log" 2>&1 || rc=$?

awk -v name="$name" -v expect="$expect" -v qemu_rc="$rc" -v timeout_s="$timeout_s" '
function close_from(ind,   i) {
	for (i = ind; i <= 64; i++) {
		if (i in open) {
			if (plan[i] < 0) {
				print "[" name "] not ok - a TAP block has no plan"
				fail++
			} else if (cnt[i] != plan[i]) {
				printf "[%s] not ok - TAP block planned %d results, got %d\n", name, plan[i], cnt[i]
				fail++
			}
			delete open[i]
		}
	}
}
{
	sub(/\r$/, "")
	line = $0
	match(line, /^[ \t]*/)
	ind = RLENGTH
	s = substr(line, ind + 1)
	if (s ~ /^K?TAP version [0-9]+/) {
		close_from(ind)
		open[ind] = 1; plan[ind] = -1; cnt[ind] = 0
		if (ind == 0) blocks++
	} else if (s ~ /^1\.\.[0-9]+/ && (ind in open)) {
		plan[ind] = substr(s, 4) + 0
	} else if (s ~ /^(not )?ok [0-9]+/ && (ind in open)) {
		cnt[ind]++
		if (s ~ /^not ok/) fail++
		else if (s ~ /# [Ss][Kk][Ii][Pp]/) skip++
		else pass++
		print "[" name "] " line
	} else if (s ~ /^# / && (ind in open)) {
		print "[" name "] " line
	}
	if (line ~ /BUG:|WARNING:|Oops|Call trace|Kernel panic|KASAN|UBSAN/) {
		print "[" name "] not ok - kernel log: " line
		fail++
	}
	if (line ~ /^Bail out!/) {
		print "[" name "] not ok - " line
		fail++
	}
	if (line ~ /^seclvl-tests: done/) done = 1
}
END {
	close_from(0)
	if (!done) {
		printf "[%s] not ok - boot did not finish (QEMU exit %d, timeout %ds)\n", name, qemu_rc, timeout_s
		fail++
	}
	if (blocks < expect) {
		printf "[%s] not ok - expected %d TAP blocks, found %d\n", name, expect, blocks
		fail++
	}
	printf "%d %d %d\n", pass, fail, skip > (FILENAME ".counts")
}
' "$log"

read -r pass fail skip <"$log.counts"
mv "$log.counts" "$outdir/$name.counts"
summary="$name: $pass passed, $fail failed"
[ "$skip" -gt 0 ] && summary+=", $skip skipped"
echo "$summary (log: $log)"
stage_end
[ "$fail" -eq 0 ]
