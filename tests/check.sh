#!/usr/bin/env bash
# shellcheck disable=SC2030,SC2031 # bg_job: its subshell has its own results
# make check: the jobs of tests/checks/, then the documentation's rule
# table against the tests that ran. First the lint of the tree (host),
# then per kernel (every kernel this host builds): its series' host checks
# (kernel-host), the series patch by patch (series), the test boots
# (kernel-boots: on the debug kernel for the host's own kernel, on the
# test kernel for the others). Two streams at a time, one CPU each: the
# host's own kernel in this shell; beside it the product through U-Boot
# (verified-boot), then the other kernels, whose results come last. The
# series checks build kernels: they take turns (a lock in series.sh).
# Each kernel's results are named
# by it ("6.12: ...", "guest boot 6.12/levels"), its logs are in
# BUILD_DIR/tests/KERNEL/.
# One TAP 13 stream on stdout, also written to build/check.tap, and its
# JUnit XML to build/check.junit.xml; the last line is
# "N passed, N failed[, N skipped]"; exits 1 if anything failed.
#
#   check.sh BUILD_DIR KERNEL [KERNEL...]
#
# The first KERNEL is the host's own (product and debug built); the list
# that follows is every kernel to check, the host's among them.
# What it checks comes from make's manifests: BUILD_DIR/outputs.env (the
# board, U-Boot, the control trees, the key, the test disks) and
# BUILD_DIR/KERNEL/{test,product,debug}/outputs.env (each kernel's
# outputs), read into the arrays shared, product and test (the kernel the
# test boots use: the debug kernel's outputs for the host's own kernel).
set -euo pipefail

TESTS_DIR=$(dirname "$0")
# shellcheck source=scripts/log.sh
. "$TESTS_DIR/../scripts/log.sh"
# shellcheck source=scripts/outputs.sh
. "$TESTS_DIR/../scripts/outputs.sh"
# shellcheck source=tests/lib/results.sh
. "$TESTS_DIR/lib/results.sh"

[ "$#" -ge 2 ] || die "usage: check.sh BUILD_DIR KERNEL [KERNEL...] (run through 'make check')"
build=$1 host_kernel=$2
shift 2
kernels=("$@")
[ "${#kernels[@]}" -gt 0 ] || kernels=("$host_kernel")
# shellcheck disable=SC2034
declare -A shared test product
read_outputs shared "$build/outputs.env"
read_outputs product "$build/$host_kernel/product/outputs.env"
BOARD_CONF=${shared[BOARD_CONF]}
KEY_NAME=${shared[KEY_NAME]}
TAP_LOG=$build/check.tap
JUNIT=$build/check.junit.xml
rm -rf "$build/tests"
mkdir -p "$build/tests"
TEST_OUT=$build/tests
export TEST_OUT

# shellcheck disable=SC2034 # direct, test_disks, slow: used by the jobs
# use_kernel K: the following results are kernel K's: named by it, logged
# in build/tests/K/, booting its test kernel, or its debug kernel if K is
# the host's own (built for it anyway: the test configuration plus the
# kernel's checkers). Under lockdep and KASAN a boot takes two to three
# times as long: the boots' time limits are multiplied by slow.
use_kernel() {
	label=$1 variant=test slow=1
	if [ "$1" = "$host_kernel" ]; then
		variant=debug slow=3
	fi
	read_outputs test "$build/$1/$variant/outputs.env"
	LINUX_SRC=${test[LINUX_SRC]}
	TEST_OUT=$build/tests/$1
	mkdir -p "$TEST_OUT"
	direct=("$BOARD_CONF" direct "${test[IMAGE]}" "${test[ROOTFS_TEST]}")
	test_disks=(--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img"
		--disk "$TEST_OUT/fs.img" --disk "$TEST_OUT/loopfs.img" --disk "$TEST_OUT/ubi.img"
		--scsi "$TEST_OUT/scsi.img"
		--nvme "$TEST_OUT/nvme.img" --flash "$TEST_OUT/flash.img")
}

# what the boots of every kernel share (used by the jobs)
# shellcheck disable=SC2034
{
	testinit="panic=-1 rdinit=/tests/init"
}
# the levels boot writes its disks: each boot gets fresh copies
fresh_test_disks() {
	local d=${shared[TEST_DISKS]}
	cp "$d/mounted.img" "$d/spare.img" "$d/fs.img" "$d/loopfs.img" "$d/scsi.img" \
		"$d/nvme.img" "$d/flash.img" "$d/ubi.img" "$TEST_OUT/"
}

# job NAME: run tests/checks/NAME.sh
job() {
	# shellcheck source=/dev/null
	. "$TESTS_DIR/checks/$1.sh"
}

# bg_job NAME [FUNCTION]: run job NAME (or FUNCTION, which runs jobs)
# beside the others, in a subshell with its own results, TAP file and logs
# in $TEST_OUT/NAME/; bg_merge NAME waits for it and adds its results to
# this stream, renumbered after those before. The guests boot with one CPU
# each: two boots at a time use both of a 2-core host's.
declare -A bg_pids
bg_job() {
	local dir=$TEST_OUT/$1
	mkdir -p "$dir"
	(
		TEST_OUT=$dir TAP_LOG=$dir/job.tap
		n=0 passed=0 failed=0 skipped=0
		: >"$TAP_LOG"
		if [ "$#" -gt 1 ]; then
			"$2"
		else
			job "$1"
		fi
		echo "$n $passed $failed $skipped" >"$dir/job.counts"
	) >"$dir/job.out" 2>&1 &
	bg_pids[$1]=$!
}

# renumber OFFSET: the top-level results of a TAP stream, numbered from
# OFFSET + 1 (a boot's own results, indented, keep their numbers)
renumber() {
	python3 "$TESTS_DIR/tap.py" renumber "$1"
}

bg_merge() {
	local dir=$TEST_OUT/$1 rc=0 jn jp jf js
	wait "${bg_pids[$1]}" || rc=$?
	renumber "$n" <"$dir/job.out"
	renumber "$n" <"$dir/job.tap" >>"$TAP_LOG"
	if [ "$rc" -ne 0 ] || ! read -r jn jp jf js <"$dir/job.counts"; then
		# the results it gave, counted at the top level, and one failure
		read -r jp jf < <(python3 "$TESTS_DIR/tap.py" counts "$dir/job.tap")
		n=$((n + jp + jf + 1))
		passed=$((passed + jp))
		failed=$((failed + jf + 1))
		emit "not ok $n - job $1 ran to its end (exit status $rc after $((jp + jf)) results; log: $dir/job.out)"
		return
	fi
	n=$((n + jn))
	passed=$((passed + jp))
	failed=$((failed + jf))
	skipped=$((skipped + js))
}

# kernel_jobs K: kernel K's checks and boots
kernel_jobs() {
	use_kernel "$1"
	job kernel-host
	job series
	job kernel-boots
	host_check "documentation: the seclvl rule table and the test names line up" \
		"$TESTS_DIR/check-rule-table.sh" \
		"$LINUX_SRC/Documentation/admin-guide/LSM/seclvl.rst" "$TEST_OUT/levels.log"
}

# the second stream: the product through U-Boot, then the other kernels
second_stream() {
	local k
	job verified-boot
	for k in "${kernels[@]}"; do
		[ "$k" = "$host_kernel" ] || kernel_jobs "$k"
	done
}

tap_begin
label=
job host
use_kernel "$host_kernel"
bg_job verified-boot second_stream
kernel_jobs "$host_kernel"
use_kernel "$host_kernel"
bg_merge verified-boot
tap_end "$JUNIT"
