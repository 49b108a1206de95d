#!/usr/bin/env bash
# make check: the host checks (shellcheck, checkpatch, kernel config), then
# the guest boots. Prints every result, then "N passed, N failed" as the
# last line; exits 1 if anything failed.
#
# Environment (set by the Makefile): BOARD_CONF LINUX_SRC, the test kernel
# (LINUX_OUT_TEST IMAGE ROOTFS_TEST KCONFIG_FRAGMENTS_TEST), the debug
# kernel (IMAGE_DEBUG ROOTFS_TEST_DEBUG), the product kernel
# (LINUX_OUT_PRODUCT IMAGE_PRODUCT ROOTFS_TEST_PRODUCT KERNEL_VERSION_PRODUCT
# KCONFIG_FRAGMENTS_PRODUCT FIT_TEST DISK_TEST DISK_TEST_MAINT), verified
# boot (CONTROL_DTB KEY_NAME); TEST_OUT (default build/tests).
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

for v in BOARD_CONF LINUX_SRC LINUX_OUT_TEST IMAGE ROOTFS_TEST KCONFIG_FRAGMENTS_TEST \
	IMAGE_DEBUG ROOTFS_TEST_DEBUG LINUX_OUT_PRODUCT IMAGE_PRODUCT ROOTFS_TEST_PRODUCT \
	KERNEL_VERSION_PRODUCT KCONFIG_FRAGMENTS_PRODUCT FIT_TEST DISK_TEST DISK_TEST_MAINT \
	CONTROL_DTB KEY_NAME; do
	[ -n "${!v:-}" ] || die "$v is not set (run through 'make check')"
done
TEST_OUT=${TEST_OUT:-build/tests}
export TEST_OUT
rm -rf "$TEST_OUT"
mkdir -p "$TEST_OUT"

passed=0
failed=0
skipped=0
n=0

# host_check DESCRIPTION COMMAND...: one result; the output is kept in a
# log and its tail shown on failure.
host_check() {
	local desc=$1 log
	shift
	n=$((n + 1))
	log=$TEST_OUT/host-$n.log
	if "$@" >"$log" 2>&1; then
		echo "ok $n - $desc"
		passed=$((passed + 1))
	else
		echo "not ok $n - $desc"
		sed 's/^/#   /' "$log" | tail -n 20
		failed=$((failed + 1))
	fi
}

# guest_check NAME TIMEOUT EXPECT -- RUN_QEMU_ARGS...
guest_check() {
	local name=$1 p f s
	"$(dirname "$0")/run-guest-test.sh" "$@" || true
	read -r p f s <"$TEST_OUT/$name.counts"
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
}

# checkpatch reads a git-tracked file as a source file, not as a patch:
# give it the patch on stdin.
checkpatch_clean() {
	local out
	out=$(perl "$LINUX_SRC/scripts/checkpatch.pl" --strict --no-tree - <"$1")
	printf '%s\n' "$out"
	grep -q 'total: 0 errors, 0 warnings, 0 checks' <<<"$out"
}

stage_begin "host checks"
mapfile -t shell_scripts < <(grep -lE '^#!/(usr/)?bin/(env )?(ba)?sh' \
	scripts/*.sh .ci/run rootfs/etc/init.d/* tests/guest/* 2>/dev/null | LC_ALL=C sort)
for f in "${shell_scripts[@]}"; do
	host_check "shellcheck: $f" shellcheck -x "$f"
done
for p in kernel-patches/*.patch; do
	host_check "checkpatch --strict: ${p##*/}" checkpatch_clean "$p"
done
read -r -a frags <<<"$KCONFIG_FRAGMENTS_TEST"
host_check "kernel config (test kernel): every option requested by the fragments is set" \
	"$(dirname "$0")/check-kernel-config.sh" "$LINUX_OUT_TEST/.config" "${frags[@]}"
read -r -a frags <<<"$KCONFIG_FRAGMENTS_PRODUCT"
host_check "kernel config (product kernel): every option requested by the fragments is set" \
	"$(dirname "$0")/check-kernel-config.sh" "$LINUX_OUT_PRODUCT/.config" "${frags[@]}"
stage_end

# Each patch of the series builds on its own, with no new W=1 or sparse
# warnings (one result per patch).
stage_begin "patch series: W=1 and sparse, patch by patch"
series_log=$TEST_OUT/check-series.log
"$(dirname "$0")/check-series.sh" "$LINUX_SRC" "$LINUX_OUT_TEST/.config" \
	"${SERIES_OUT:-build/series-check}" >"$series_log" 2>&1 || true
while IFS= read -r line; do
	case $line in
	"ok "*)
		n=$((n + 1))
		passed=$((passed + 1))
		echo "ok $n ${line#ok [0-9]* }"
		;;
	"not ok "*)
		n=$((n + 1))
		failed=$((failed + 1))
		echo "not ok $n ${line#not ok [0-9]* }"
		;;
	"#"*) echo "$line" ;;
	esac
done <"$series_log"
if ! grep -q '^ok \|^not ok ' "$series_log"; then
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - series check ran (log: $series_log)"
	tail -n 10 "$series_log" | sed 's/^/#   /'
fi
stage_end

# Test disks of the levels boot (virtio-pci; no appliance disk, so they are
# vda and vdb): vda gets an 8 MiB ext4 at its start (the suite mounts it
# and writes only beyond it), vdb stays unmounted.
make_test_disks() {
	rm -f "$TEST_OUT/mounted.img" "$TEST_OUT/spare.img"
	mke2fs -q -F -t ext4 -L seclvl-test "$TEST_OUT/mounted.img" 8M
	truncate -s 16M "$TEST_OUT/mounted.img"
	truncate -s 16M "$TEST_OUT/spare.img"
}

stage_begin "guest boots"
direct=("$BOARD_CONF" direct "$IMAGE" "$ROOTFS_TEST")
testinit="panic=-1 rdinit=/tests/init"
guest_check smoke-direct 180 2 -- "${direct[@]}" \
	"$testinit kunit.enable=1 seclvl_test=smoke"
make_test_disks
passwd_sha256=$(printf %s seclvl-test-unlock | sha256sum | cut -d' ' -f1)
guest_check levels 300 1 -- "${direct[@]}" \
	"$testinit seclvl_test=levels seclvl.passwd_sha256=$passwd_sha256" \
	--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img"
guest_check attack 300 3 -- "${direct[@]}" \
	"$testinit seclvl_test=race,leaks,hostile seclvl.passwd_sha256=$passwd_sha256"
guest_check boot-initlvl-below-floor 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=floor"
guest_check boot-initlvl-1 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=1 seclvl_test=boot seclvl_expect=1"
guest_check boot-initlvl-2 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=2 seclvl_test=boot seclvl_expect=2"
guest_check boot-initlvl-invalid 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=7 seclvl_test=boot seclvl_expect=invalid"
guest_check boot-without-seclvl 120 1 -- "${direct[@]}" \
	"$testinit lsm=capability seclvl_test=boot seclvl_expect=off"

# The appliance through U-Boot, verified boot: the product kernel, the
# FIT signed with the key that U-Boot's control device tree requires.
# Boot 1 locks at 2, writes a marker to /data and powers off at level 2;
# the data partition must be clean on the host; boot 2 of the same disk
# finds the marker.
# shellcheck source=board/qemu-virt/board.conf
. "$BOARD_CONF"
uboot=(--dtb "$CONTROL_DTB")
data_partition_clean() {
	local part=$TEST_OUT/data-partition.img
	dd if="$1" of="$part" bs=1M skip=$((DISK_ALIGN_MIB + BOOT_PART_MIB)) \
		count="$DATA_PART_MIB" status=none
	e2fsck -fn "$part"
}
console_has() {
	grep -qF -- "$2" "$TEST_OUT/$1.log"
}
console_lacks() {
	! grep -qF -- "$2" "$TEST_OUT/$1.log"
}
disk=$TEST_OUT/appliance.img
cp "$DISK_TEST" "$disk"
guest_check appliance-uboot-boot1 180 2 -- "$BOARD_CONF" uboot "$disk" "${uboot[@]}"
host_check "appliance boot 1: U-Boot ran the boot script" \
	console_has appliance-uboot-boot1 "seclvl appliance: booting conf-normal"
host_check "appliance boot 1: U-Boot verified the configuration's signature (key $KEY_NAME)" \
	console_has appliance-uboot-boot1 "sha256,rsa2048:$KEY_NAME+"
host_check "appliance boot 1: lock banner on the console" \
	console_has appliance-uboot-boot1 "appliance locked: seclvl 2 (highly secure)"
host_check "appliance boot 1: the shutdown at level 2 remounted /data read-only" \
	console_has appliance-uboot-boot1 "[shutdown] /data remounted read-only"
host_check "appliance boot 1: e2fsck -fn finds the data partition clean after poweroff" \
	data_partition_clean "$disk"
host_check "appliance boot 1: wrote the persistence marker" \
	console_has appliance-uboot-boot1 "persistence: wrote the marker file to /data"
guest_check appliance-uboot-boot2 180 2 -- "$BOARD_CONF" uboot "$disk" "${uboot[@]}"
host_check "appliance boot 2: the marker of boot 1 is intact" \
	console_has appliance-uboot-boot2 "ok 8 - persistence: the marker written by the previous boot is intact"

# The signed maintenance FIT (its own disk): the lock step sets -1.
cp "$DISK_TEST_MAINT" "$TEST_OUT/maintenance.img"
guest_check appliance-uboot-maintenance 180 2 -- "$BOARD_CONF" uboot "$TEST_OUT/maintenance.img" \
	"${uboot[@]}"
host_check "maintenance boot: U-Boot verified the signed conf-maintenance" \
	console_has appliance-uboot-maintenance "sha256,rsa2048:$KEY_NAME+"
host_check "maintenance boot: banner on the console" \
	console_has appliance-uboot-maintenance "maintenance boot: seclvl -1, lockdown disabled"

# What U-Boot must refuse: each disk boots to U-Boot's refusal and the
# boot script's poweroff, never to a kernel.
vboot=$TEST_OUT/vboot
"$(dirname "$0")/make-verified-boot-fixtures.sh" "$BOARD_CONF" "$IMAGE_PRODUCT" \
	"$ROOTFS_TEST_PRODUCT" "$(cat "$KERNEL_VERSION_PRODUCT")" "$FIT_TEST" "$KEY_NAME" \
	"$IMAGE" "$ROOTFS_TEST" "$vboot"
refused_boot() {
	local name=$1 what=$2 message=$3
	timeout 120 "$(dirname "$0")/run-qemu.sh" "$BOARD_CONF" uboot "$vboot/$name.img" \
		"${uboot[@]}" --batch >"$TEST_OUT/vboot-$name.log" 2>&1 || true
	host_check "verified boot: $what: U-Boot says \"$message\"" \
		console_has "vboot-$name" "$message"
	host_check "verified boot: $what: no kernel started" \
		console_lacks "vboot-$name" "Starting kernel"
	host_check "verified boot: $what: the boot script powered off (no other boot device tried)" \
		console_has "vboot-$name" "seclvl appliance: U-Boot refused the FIT; powering off"
}
refused_boot other-key "FIT signed with another key of the same name" \
	"Failed to verify required signature 'key-$KEY_NAME'"
refused_boot unsigned "unsigned FIT" \
	"No 'signature' subnode found"
refused_boot tampered-kernel "signed FIT, one kernel byte changed" \
	"Bad hash value for 'hash' hash node in 'kernel' image node"
refused_boot tampered-initramfs "signed FIT, one initramfs byte changed" \
	"Bad hash value for 'hash' hash node in 'initramfs' image node"
refused_boot ask-maintenance "product FIT asked for conf-maintenance" \
	"Could not find configuration node"

# An edited boot script cannot talk the product kernel out of the lock:
# its command line is built in.
builtin_cmdline=$(sed -n 's/^CONFIG_CMDLINE="\(.*\)"$/\1/p' "$LINUX_OUT_PRODUCT/.config")
cp "$vboot/cmdline-edit.img" "$TEST_OUT/cmdline-edit.img"
guest_check vboot-cmdline-edit 180 2 -- "$BOARD_CONF" uboot "$TEST_OUT/cmdline-edit.img" "${uboot[@]}"
host_check "verified boot: the edited boot script passed seclvl.initlvl=-1 rdinit=/bin/sh lsm=capability" \
	console_has vboot-cmdline-edit "seclvl.initlvl=-1 rdinit=/bin/sh lsm=capability"
host_check "verified boot: the kernel ran with its built-in command line ($builtin_cmdline)" \
	console_has vboot-cmdline-edit "# cmdline: $builtin_cmdline"
host_check "verified boot: the edited boot script still ends locked at 2" \
	console_has vboot-cmdline-edit "appliance locked: seclvl 2 (highly secure)"

# What stays open with Debian's stock U-Boot (README threat model): boot.scr
# is not verified, and imxtract + booti start an unsigned kernel. If this
# ever fails, the U-Boot closed the hole and the README must say so.
guest_check vboot-booti-unsigned 180 1 -- "$BOARD_CONF" uboot "$vboot/booti-unsigned.img" \
	"${uboot[@]}"
host_check "open with stock U-Boot: an edited boot.scr starts an unsigned kernel with booti" \
	console_has vboot-booti-unsigned "attack: booti of the kernel extracted from an unsigned FIT"

for lvl in 1 2; do
	cp "$DISK_TEST" "$TEST_OUT/initlvl-$lvl.img"
	guest_check "appliance-initlvl-$lvl" 180 2 -- "${direct[@]}" \
		"panic=-1 seclvl.initlvl=$lvl" --data "$TEST_OUT/initlvl-$lvl.img"
done
host_check "initlvl=2: the lock step did not write the level again" \
	sh -c "! grep -q 'seclvl: level changed' '$TEST_OUT/appliance-initlvl-2.log'"

# The debug kernel (lockdep, atomic-sleep, list and slab debugging,
# kmemleak, KASAN): KUnit, the rules and the attack suites again, clean log.
debug=("$BOARD_CONF" direct "$IMAGE_DEBUG" "$ROOTFS_TEST_DEBUG")
guest_check debug-smoke 600 2 -- "${debug[@]}" "$testinit kunit.enable=1 seclvl_test=smoke"
make_test_disks
guest_check debug-levels 900 1 -- "${debug[@]}" \
	"$testinit seclvl_test=levels seclvl.passwd_sha256=$passwd_sha256" \
	--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img"
guest_check debug-attack 900 3 -- "${debug[@]}" \
	"$testinit seclvl_test=race,leaks,hostile seclvl.passwd_sha256=$passwd_sha256"
# the debug kernel has no boot level floor: the maintenance path of
# seclvl.initlvl=-1 boots there
guest_check boot-initlvl-minus-1 300 1 -- "${debug[@]}" \
	"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=-1"
host_check "debug kernel: lockdep was on in the debug boots" \
	grep -q 'Lock dependency validator' "$TEST_OUT/debug-smoke.log"
host_check "debug kernel: KASAN was on in the debug boots" \
	grep -q 'KernelAddressSanitizer initialized' "$TEST_OUT/debug-smoke.log"
stage_end

host_check "documentation: the seclvl rule table and the test names line up" \
	"$(dirname "$0")/check-rule-table.sh" \
	"$LINUX_SRC/Documentation/admin-guide/LSM/seclvl.rst" "$TEST_OUT/levels.log"

summary="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && summary+=", $skipped skipped"
echo "$summary"
[ "$failed" -eq 0 ]
