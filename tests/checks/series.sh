# shellcheck shell=bash disable=SC2154
# (test, build, label: set by tests/check.sh)
# make check, job 2: each patch of the series builds on its own, with no
# new W=1 or sparse warnings (one result per patch; tests/check-series.sh).
# Sourced by tests/check.sh.

stage_begin "patch series ($label): W=1 and sparse, patch by patch"
series_log=$TEST_OUT/check-series.log
series_rc=0
# one kernel build at a time: another kernel's series check may run beside
# this one (tests/check.sh), it waits for this one's end
flock "$build/series-check.lock" "$TESTS_DIR/check-series.sh" "$LINUX_SRC" "${test[LINUX_OUT]}/.config" \
	"$build/${test[KERNEL]}/series-check" >"$series_log" 2>&1 || series_rc=$?
imported_results "$series_log"
# the run must have reached its end: as many results as its plan, and a
# failing exit explained by a failing result
series_complete=0
series_counts=$(python3 "$TESTS_DIR/tap.py" complete "$series_log") || series_complete=1
read -r series_got series_plan <<<"$series_counts"
read -r _ series_failed < <(python3 "$TESTS_DIR/tap.py" counts "$series_log")
if [ "$series_complete" -ne 0 ] || { [ "$series_rc" -ne 0 ] && [ "$series_failed" -eq 0 ]; }; then
	n=$((n + 1))
	failed=$((failed + 1))
	emit "not ok $n - series check ran to its end: $series_got of $series_plan results, exit status $series_rc (log: $series_log)"
	tail -n 10 "$series_log" | sed 's/^/#   /' | tee -a "$TAP_LOG"
fi
stage_end
