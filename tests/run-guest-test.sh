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

# the judgement: tests/tap.py, the one TAP parser
python3 "$(dirname "$0")/tap.py" guest "$name" "$expect" "$rc" "$timeout_s" \
	"$(($(date +%s) - start))" "$log" "$outdir/$name.counts"
