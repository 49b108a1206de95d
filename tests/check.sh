#!/usr/bin/env bash
# make check: the jobs of tests/checks/ in order (host checks, the series
# patch by patch, the test kernel's boots, the product through U-Boot, the
# debug kernel's boots), then the documentation's rule table against the
# tests that ran. One TAP 13 stream on stdout, also written to
# build/check.tap, and its JUnit XML to build/check.junit.xml; the last
# line is "N passed, N failed[, N skipped]"; exits 1 if anything failed.
#
# Environment (set by the Makefile): BOARD_CONF LINUX_SRC, the test kernel
# (LINUX_OUT_TEST IMAGE ROOTFS_TEST KCONFIG_FRAGMENTS_TEST), the debug
# kernel (IMAGE_DEBUG ROOTFS_TEST_DEBUG), the product kernel
# (LINUX_OUT_PRODUCT IMAGE_PRODUCT ROOTFS_TEST_PRODUCT KERNEL_VERSION_PRODUCT
# KCONFIG_FRAGMENTS_PRODUCT FIT_TEST DISK_TEST DISK_TEST_MAINT), verified
# boot (UBOOT_LOCKED UBOOT_DEBIAN CONTROL_DTB_NORMAL CONTROL_DTB_MAINTENANCE
# CONTROL_DTB_DEBIAN KEY_NAME VBOOT_DIR), the levels boot's disks
# (TEST_DISKS); TEST_OUT (default build/tests).
set -euo pipefail

TESTS_DIR=$(dirname "$0")
# shellcheck source=scripts/log.sh
. "$TESTS_DIR/../scripts/log.sh"
# shellcheck source=tests/lib/results.sh
. "$TESTS_DIR/lib/results.sh"

for v in BOARD_CONF LINUX_SRC LINUX_OUT_TEST IMAGE ROOTFS_TEST KCONFIG_FRAGMENTS_TEST \
	IMAGE_DEBUG ROOTFS_TEST_DEBUG LINUX_OUT_PRODUCT IMAGE_PRODUCT ROOTFS_TEST_PRODUCT \
	KERNEL_VERSION_PRODUCT KCONFIG_FRAGMENTS_PRODUCT FIT_TEST DISK_TEST DISK_TEST_MAINT \
	UBOOT_LOCKED UBOOT_DEBIAN CONTROL_DTB_NORMAL CONTROL_DTB_MAINTENANCE CONTROL_DTB_DEBIAN \
	KEY_NAME VBOOT_DIR TEST_DISKS; do
	[ -n "${!v:-}" ] || die "$v is not set (run through 'make check')"
done
TEST_OUT=${TEST_OUT:-build/tests}
TAP_LOG=${TAP_LOG:-build/check.tap}
JUNIT=${JUNIT:-build/check.junit.xml}
export TEST_OUT
rm -rf "$TEST_OUT"
mkdir -p "$TEST_OUT"

# what the boots of every kernel share (used by the jobs)
# shellcheck disable=SC2034
{
	testinit="panic=-1 rdinit=/tests/init"
	direct=("$BOARD_CONF" direct "$IMAGE" "$ROOTFS_TEST")
	debug=("$BOARD_CONF" direct "$IMAGE_DEBUG" "$ROOTFS_TEST_DEBUG")
	test_disks=(--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img"
		--disk "$TEST_OUT/fs.img")
}
# the levels boot writes its disks: each boot gets fresh copies
# shellcheck disable=SC2153
fresh_test_disks() {
	cp "$TEST_DISKS/mounted.img" "$TEST_DISKS/spare.img" "$TEST_DISKS/fs.img" "$TEST_OUT/"
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
