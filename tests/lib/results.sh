# shellcheck shell=bash
# The results of make check, sourced by tests/check.sh and its jobs in
# tests/checks/: one TAP 13 stream on stdout, copied to $TAP_LOG. A host
# check is one result; a guest boot is one result whose subtest holds the
# boot's own results (tests/run-guest-test.sh). The counts of the summary
# line are of the leaves: host checks and the guests' results.

passed=0
failed=0
skipped=0
n=0
# the kernel the results that follow are of (tests/check.sh use_kernel):
# their names start with it; empty for the checks of the tree itself
label=

# emit LINE...: to stdout and to the TAP log
emit() {
	printf '%s\n' "$@"
	printf '%s\n' "$@" >>"$TAP_LOG"
}

tap_begin() {
	: >"$TAP_LOG"
	emit "TAP version 13"
}

# host_check DESCRIPTION COMMAND...: one result; the output is kept in a
# log and its tail shown on failure.
host_check() {
	local desc=${label:+$label: }$1 log
	shift
	n=$((n + 1))
	log=$TEST_OUT/host-$n.log
	if "$@" >"$log" 2>&1; then
		emit "ok $n - $desc"
		passed=$((passed + 1))
	else
		emit "not ok $n - $desc"
		sed 's/^/#   /' "$log" | tail -n 20 | tee -a "$TAP_LOG"
		failed=$((failed + 1))
	fi
}

# guest_check NAME TIMEOUT EXPECT -- RUN_QEMU_ARGS...: one boot, one result
# with the boot's results as its subtest
guest_check() {
	local name=$1 p f s status=ok
	GUEST_LABEL=$label "$TESTS_DIR/run-guest-test.sh" "$@" | tee -a "$TAP_LOG" || true
	read -r p f s <"$TEST_OUT/$name.counts"
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
	n=$((n + 1))
	[ "$f" -eq 0 ] || status="not ok"
	emit "$status $n - guest boot ${label:+$label/}$name: $p passed, $f failed, $s skipped (log: $TEST_OUT/$name.log)"
}

# imported_results LOG: the "ok"/"not ok" lines of a job's log as results
# of this stream, renumbered; its "#" lines kept
imported_results() {
	local kind text
	while IFS=$'\t' read -r kind text; do
		case $kind in
		ok)
			n=$((n + 1))
			passed=$((passed + 1))
			emit "ok $n - ${label:+$label: }$text"
			;;
		"not ok")
			n=$((n + 1))
			failed=$((failed + 1))
			emit "not ok $n - ${label:+$label: }$text"
			;;
		"#") emit "$text" ;;
		esac
	done < <(python3 "$TESTS_DIR/tap.py" results "$1")
}

# tap_end JUNIT: the plan, the JUnit XML of the stream, the summary line
# (the last line of make check); returns 1 if anything failed
tap_end() {
	local summary
	emit "1..$n"
	python3 "$TESTS_DIR/tap.py" junit "$TAP_LOG" "$1" ||
		{ failed=$((failed + 1)); echo "# tap.py junit failed: no $1"; }
	summary="$passed passed, $failed failed"
	[ "$skipped" -gt 0 ] && summary+=", $skipped skipped"
	echo "$summary"
	[ "$failed" -eq 0 ]
}
