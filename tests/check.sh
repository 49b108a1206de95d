#!/usr/bin/env bash
# make check: the jobs of tests/checks/ in order (host checks, the series
# patch by patch, the test kernel's boots, the product through U-Boot, the
# debug kernel's boots), then the documentation's rule table against the
# tests that ran. One TAP 13 stream on stdout, also written to
# build/check.tap, and its JUnit XML to build/check.junit.xml; the last
# line is "N passed, N failed[, N skipped]"; exits 1 if anything failed.
#
#   check.sh BUILD_DIR
#
# What it checks comes from make's manifests: BUILD_DIR/outputs.env (the
# board, the tree, U-Boot, the control trees, the key, the fixtures) and
# BUILD_DIR/{test,product,debug}/outputs.env (each kernel's outputs), read
# into the arrays shared, test, product and debug.
set -euo pipefail

TESTS_DIR=$(dirname "$0")
# shellcheck source=scripts/log.sh
. "$TESTS_DIR/../scripts/log.sh"
# shellcheck source=scripts/outputs.sh
. "$TESTS_DIR/../scripts/outputs.sh"
# shellcheck source=tests/lib/results.sh
. "$TESTS_DIR/lib/results.sh"

[ "$#" -eq 1 ] || die "usage: check.sh BUILD_DIR (run through 'make check')"
build=$1
# shellcheck disable=SC2034
declare -A shared test product debug
read_outputs shared "$build/outputs.env"
for v in test product debug; do
	read_outputs "$v" "$build/$v/outputs.env"
done
BOARD_CONF=${shared[BOARD_CONF]}
LINUX_SRC=${shared[LINUX_SRC]}
KEY_NAME=${shared[KEY_NAME]}
TEST_OUT=$build/tests
TAP_LOG=$build/check.tap
JUNIT=$build/check.junit.xml
export TEST_OUT
rm -rf "$TEST_OUT"
mkdir -p "$TEST_OUT"

# what the boots of every kernel share (used by the jobs)
# shellcheck disable=SC2034
{
	testinit="panic=-1 rdinit=/tests/init"
	direct=("$BOARD_CONF" direct "${test[IMAGE]}" "${test[ROOTFS_TEST]}")
	debug_direct=("$BOARD_CONF" direct "${debug[IMAGE]}" "${debug[ROOTFS_TEST]}")
	test_disks=(--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img"
		--disk "$TEST_OUT/fs.img")
}
# the levels boot writes its disks: each boot gets fresh copies
fresh_test_disks() {
	local d=${shared[TEST_DISKS]}
	cp "$d/mounted.img" "$d/spare.img" "$d/fs.img" "$TEST_OUT/"
}

tap_begin
for job in host series kernel-boots verified-boot debug-boots; do
	# shellcheck source=/dev/null
	. "$TESTS_DIR/checks/$job.sh"
done
host_check "documentation: the seclvl rule table and the test names line up" \
	"$TESTS_DIR/check-rule-table.sh" \
	"$LINUX_SRC/Documentation/admin-guide/LSM/seclvl.rst" "$TEST_OUT/levels.log"
tap_end "$JUNIT"
