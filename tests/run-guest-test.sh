#!/usr/bin/env bash
# Boot one test image in QEMU without a terminal, save the serial log under
# build/tests/, and judge it: every TAP/KTAP block must have its plan and
# as many results as planned, no result may be "not ok", the boot must
# print its end marker before the timeout, at least EXPECT blocks must be
# there, and the kernel log must be clean.
#
#   run-guest-test.sh NAME TIMEOUT EXPECT -- RUN_QEMU_ARGS...
#
# Prints a TAP 13 subtest ("# Subtest: NAME", GUEST_LABEL/NAME when
# GUEST_LABEL, the kernel, is set; then the boot's results,
# renumbered in one list, and their plan, indented by four spaces), writes
# "P F S" (passed, failed, skipped) to build/tests/NAME.counts, exits 1 on
# any failure. The caller prints the parent result.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

usage="usage: run-guest-test.sh NAME TIMEOUT EXPECT -- RUN_QEMU_ARGS..."
if [ "$#" -lt 5 ] || [ "$4" != "--" ]; then
	die "$usage"
fi
name=$1 timeout_s=$2 expect=$3
shift 4

outdir=${TEST_OUT:-build/tests}
mkdir -p "$outdir"
log=$outdir/$name.log
echo "# Subtest: ${GUEST_LABEL:+$GUEST_LABEL/}$name"
start=$(date +%s)

rc=0
timeout --foreground -k 5 "$timeout_s" "$(dirname "$0")/../scripts/run-qemu.sh" "$@" --batch >"$log" 2>&1 || rc=$?

awk -v name="$name" -v expect="$expect" -v qemu_rc="$rc" -v timeout_s="$timeout_s" \
	-v took="$(($(date +%s) - start))" '
# one result of the subtest: "    [not ]ok K - TEXT"
function result(ok, text) {
	k++
	printf "    %sok %d - %s\n", ok ? "" : "not ", k, text
}
function close_from(ind,   i) {
	for (i = ind; i <= 64; i++) {
		if (i in open) {
			if (plan[i] < 0) {
				result(0, "a TAP block has no plan")
				fail++
			} else if (cnt[i] != plan[i]) {
				result(0, sprintf("a TAP block planned %d results, got %d", plan[i], cnt[i]))
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
		else if (s ~ /#[ \t]*[Ss][Kk][Ii][Pp]([^A-Za-z0-9_]|$)/) skip++
		else pass++
		text = s
		sub(/^(not )?ok [0-9]+ ?(- )?/, "", text)
		result(s !~ /^not ok/, text)
	} else if (s ~ /^# / && (ind in open)) {
		# a nested block of the guest is flattened: its header is a comment
		sub(/^# Subtest:/, "# block:", s)
		print "    " s
	}
	if (line ~ /BUG:|WARNING:|Oops|Call trace|Kernel panic|KASAN|UBSAN/) {
		result(0, "kernel log: " line)
		fail++
	}
	if (line ~ /^Bail out!/) {
		result(0, line)
		fail++
	}
	if (line ~ /^seclvl-tests: done/) done = 1
}
END {
	close_from(0)
	if (!done) {
		result(0, sprintf("boot did not finish (QEMU exit %d, timeout %ds)", qemu_rc, timeout_s))
		fail++
	}
	if (blocks < expect) {
		result(0, sprintf("expected %d TAP blocks, found %d", expect, blocks))
		fail++
	}
	printf "    # %s: booted and judged in %d s\n", name, took
	printf "    1..%d\n", k
	printf "%d %d %d\n", pass, fail, skip > (FILENAME ".counts")
}
' "$log"

read -r _ fail _ <"$log.counts"
mv "$log.counts" "$outdir/$name.counts"
[ "$fail" -eq 0 ]
