# shellcheck shell=bash disable=SC2154
# (test, build, label: set by tests/check.sh)
# make check, job 2: each patch of the series builds on its own, with no
# new W=1 or sparse warnings (one result per patch; tests/check-series.sh).
# Sourced by tests/check.sh.

stage_begin "patch series ($label): W=1 and sparse, patch by patch"
series_log=$TEST_OUT/check-series.log
"$TESTS_DIR/check-series.sh" "$LINUX_SRC" "${test[LINUX_OUT]}/.config" \
	"$build/${test[KERNEL]}/series-check" >"$series_log" 2>&1 || true
imported_results "$series_log"
if ! grep -q '^ok \|^not ok ' "$series_log"; then
	n=$((n + 1))
	failed=$((failed + 1))
	emit "not ok $n - series check ran (log: $series_log)"
	tail -n 10 "$series_log" | sed 's/^/#   /' | tee -a "$TAP_LOG"
fi
stage_end
