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
# boot (UBOOT_LOCKED UBOOT_DEBIAN CONTROL_DTB_NORMAL CONTROL_DTB_MAINTENANCE
# CONTROL_DTB_DEBIAN KEY_NAME); TEST_OUT (default build/tests).
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

for v in BOARD_CONF LINUX_SRC LINUX_OUT_TEST IMAGE ROOTFS_TEST KCONFIG_FRAGMENTS_TEST \
	IMAGE_DEBUG ROOTFS_TEST_DEBUG LINUX_OUT_PRODUCT IMAGE_PRODUCT ROOTFS_TEST_PRODUCT \
	KERNEL_VERSION_PRODUCT KCONFIG_FRAGMENTS_PRODUCT FIT_TEST DISK_TEST DISK_TEST_MAINT \
	UBOOT_LOCKED UBOOT_DEBIAN CONTROL_DTB_NORMAL CONTROL_DTB_MAINTENANCE CONTROL_DTB_DEBIAN \
	KEY_NAME; do
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
# give it the patch on stdin. FILE_PATH_CHANGES ("added file(s), does
# MAINTAINERS need updating?") fires on every new file of a patch that does
# not touch MAINTAINERS, also when a directory entry already covers it:
# maintainers_cover_series checks that instead.
checkpatch_clean() {
	local out
	out=$(perl "$LINUX_SRC/scripts/checkpatch.pl" --strict --no-tree \
		--ignore FILE_PATH_CHANGES - <"$1")
	printf '%s\n' "$out"
	grep -q 'total: 0 errors, 0 warnings, 0 checks' <<<"$out"
}

# every file the series adds has the seclvl MAINTAINERS entry
maintainers_cover_series() {
	local f sections status=0
	while IFS= read -r f; do
		sections=$(cd "$LINUX_SRC" && perl scripts/get_maintainer.pl --no-git \
			--no-git-fallback --sections -f "$f")
		if grep -qx 'SECLVL SECURITY MODULE' <<<"$sections"; then
			echo "$f: SECLVL SECURITY MODULE"
		else
			echo "$f: not in the SECLVL SECURITY MODULE entry"
			status=1
		fi
	done < <(git -C "$LINUX_SRC" diff --name-only --diff-filter=A base..HEAD)
	return "$status"
}

# kernel-doc of the LSM, with the W=2 checks (missing Return: sections...)
kernel_doc_clean() {
	local out
	out=$(cd "$LINUX_SRC" && KBUILD_EXTRA_WARN=2 scripts/kernel-doc -v -none \
		security/seclvl/*.[ch] 2>&1)
	printf '%s\n' "$out"
	! grep -q 'warning' <<<"$out"
}

stage_begin "host checks"
mapfile -t shell_scripts < <(grep -lE '^#!/(usr/)?bin/(env )?(ba)?sh' \
	scripts/*.sh .ci/run rootfs/etc/init.d/* tests/guest/* 2>/dev/null | LC_ALL=C sort)
for f in "${shell_scripts[@]}"; do
	host_check "shellcheck: $f" shellcheck -x "$f"
done
for p in kernel-patches/*.patch; do
	[ "${p##*/}" = 0000-cover-letter.patch ] && continue
	host_check "checkpatch --strict: ${p##*/}" checkpatch_clean "$p"
done
host_check "cover letter: the shortlog and diffstat of the series, an answer per existing tool" \
	"$(dirname "$0")/check-cover-letter.sh" kernel-patches/0000-cover-letter.patch "$LINUX_SRC"
host_check "MAINTAINERS: every file the series adds is in the seclvl entry" \
	maintainers_cover_series
host_check "kernel-doc -v (W=2): no warning in security/seclvl/" kernel_doc_clean
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
# vda, vdb and vdc): vda gets an 8 MiB ext4 at its start (the suite mounts
# it and writes only beyond it), vdb stays unmounted, vdc is an ext4 that
# only the mount rule's tests mount.
make_test_disks() {
	rm -f "$TEST_OUT/mounted.img" "$TEST_OUT/spare.img" "$TEST_OUT/fs.img"
	mke2fs -q -F -t ext4 -L seclvl-test "$TEST_OUT/mounted.img" 8M
	truncate -s 16M "$TEST_OUT/mounted.img"
	truncate -s 16M "$TEST_OUT/spare.img"
	mke2fs -q -F -t ext4 -L seclvl-fs "$TEST_OUT/fs.img" 8M
}
test_disks=(--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img" --disk "$TEST_OUT/fs.img")

stage_begin "guest boots"
direct=("$BOARD_CONF" direct "$IMAGE" "$ROOTFS_TEST")
testinit="panic=-1 rdinit=/tests/init"
guest_check smoke-direct 180 2 -- "${direct[@]}" \
	"$testinit kunit.enable=1 seclvl_test=smoke"
make_test_disks
guest_check levels 300 1 -- "${direct[@]}" \
	"$testinit seclvl_test=levels" \
	"${test_disks[@]}"
guest_check attack 300 3 -- "${direct[@]}" \
	"$testinit seclvl_test=race,leaks,hostile"
guest_check boot-initlvl-below-floor 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=floor"
guest_check boot-initlvl-1 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=1 seclvl_test=boot seclvl_expect=1"
# at level 2 from boot the mount table is frozen before init runs: the
# test init cannot mount /proc and reports exactly that
guest_check boot-initlvl-2 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=2 seclvl_test=boot seclvl_expect=2"
host_check "boot at level 2: init could not mount proc, refused by the mount rule" \
	grep -qF "ok 1 - [mount] boot at level 2: mount of proc refused" "$TEST_OUT/boot-initlvl-2.log"
guest_check boot-initlvl-invalid 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=7 seclvl_test=boot seclvl_expect=invalid"
guest_check boot-without-seclvl 120 1 -- "${direct[@]}" \
	"$testinit lsm=capability seclvl_test=boot seclvl_expect=off"

# The appliance through the locked U-Boot, verified boot: the product
# kernel, the FIT signed with the key that U-Boot's control device tree
# requires, the boot command from that tree (nothing from the disk).
# Boot 1 locks at 2, writes a marker to /data and powers off at level 2;
# the data partition must be clean on the host; boot 2 of the same disk
# finds the marker.
# shellcheck source=board/qemu-virt/board.conf
. "$BOARD_CONF"
locked_normal=(uboot "$UBOOT_LOCKED")
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
# the U-Boot part of a console log: everything before the kernel starts
u_boot_lacks() {
	! sed '/Starting kernel/q' "$TEST_OUT/$1.log" | grep -qF -- "$2"
}
locked_ran_no_script() {
	local name=$1 what=$2
	host_check "$what: the locked U-Boot ran no script from the disk" \
		u_boot_lacks "$name" "Executing script"
	host_check "$what: no U-Boot prompt" u_boot_lacks "$name" "=> "
}
disk=$TEST_OUT/appliance.img
cp "$DISK_TEST" "$disk"
guest_check appliance-uboot-boot1 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" "$disk" \
	--dtb "$CONTROL_DTB_NORMAL"
host_check "appliance boot 1: the locked U-Boot booted (its banner)" \
	console_has appliance-uboot-boot1 "-seclvl-locked ("
host_check "appliance boot 1: the locked U-Boot took its boot command from the control DT" \
	console_lacks appliance-uboot-boot1 "no boot command in the control device tree"
locked_ran_no_script appliance-uboot-boot1 "appliance boot 1"
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
guest_check appliance-uboot-boot2 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" "$disk" \
	--dtb "$CONTROL_DTB_NORMAL"
host_check "appliance boot 2: the marker of boot 1 is intact" \
	console_has appliance-uboot-boot2 "ok 8 - persistence: the marker written by the previous boot is intact"

# The maintenance boot: the signed maintenance FIT on its own disk, booted
# by the locked U-Boot with the maintenance control DT (on a real board: a
# maintenance boot ROM or a strap; here the host's QEMU command line).
cp "$DISK_TEST_MAINT" "$TEST_OUT/maintenance.img"
guest_check appliance-uboot-maintenance 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" \
	"$TEST_OUT/maintenance.img" --dtb "$CONTROL_DTB_MAINTENANCE"
host_check "maintenance boot: U-Boot verified the signed conf-maintenance" \
	console_has appliance-uboot-maintenance "sha256,rsa2048:$KEY_NAME+"
host_check "maintenance boot: banner on the console" \
	console_has appliance-uboot-maintenance "maintenance boot: seclvl -1, lockdown disabled"

# What the locked U-Boot must refuse: each boot ends in U-Boot's refusal
# and the boot command's poweroff, never in a kernel or a prompt.
vboot=$TEST_OUT/vboot
"$(dirname "$0")/make-verified-boot-fixtures.sh" "$BOARD_CONF" "$IMAGE_PRODUCT" \
	"$ROOTFS_TEST_PRODUCT" "$(cat "$KERNEL_VERSION_PRODUCT")" "$FIT_TEST" "$KEY_NAME" \
	"$IMAGE" "$ROOTFS_TEST" "$vboot"
# refused_boot NAME DISK CONTROL_DTB CONF WHAT MESSAGE
refused_boot() {
	local name=$1 img=$2 dtb=$3 conf=$4 what=$5 message=$6 rc=0
	timeout 120 "$(dirname "$0")/run-qemu.sh" "$BOARD_CONF" "${locked_normal[@]}" "$img" \
		--dtb "$dtb" --batch >"$TEST_OUT/vboot-$name.log" 2>&1 || rc=$?
	host_check "locked U-Boot refuses $what: U-Boot says \"$message\"" \
		console_has "vboot-$name" "$message"
	host_check "locked U-Boot refuses $what: no kernel started" \
		console_lacks "vboot-$name" "Starting kernel"
	host_check "locked U-Boot refuses $what: no prompt" console_lacks "vboot-$name" "=> "
	host_check "locked U-Boot refuses $what: powered off (QEMU exit $rc)" \
		sh -c "[ $rc -eq 0 ] && grep -qF 'locked U-Boot: no verified $conf booted, powering off' \
			'$TEST_OUT/vboot-$name.log'"
}
normal=$CONTROL_DTB_NORMAL
refused_boot other-key "$vboot/other-key.img" "$normal" conf-normal \
	"a FIT signed with another key of the same name" \
	"Failed to verify required signature 'key-$KEY_NAME'"
refused_boot unsigned "$vboot/unsigned.img" "$normal" conf-normal "an unsigned FIT" \
	"No 'signature' subnode found"
refused_boot tampered-kernel "$vboot/tampered-kernel.img" "$normal" conf-normal \
	"a signed FIT with one kernel byte changed" \
	"Bad hash value for 'hash' hash node in 'kernel' image node"
refused_boot tampered-initramfs "$vboot/tampered-initramfs.img" "$normal" conf-normal \
	"a signed FIT with one initramfs byte changed" \
	"Bad hash value for 'hash' hash node in 'initramfs' image node"
refused_boot legacy-uimage "$vboot/legacy-uimage.img" "$normal" conf-normal \
	"a legacy uImage named appliance.itb" "Wrong Image Format for bootm command"
refused_boot raw-image "$vboot/raw-image.img" "$normal" conf-normal \
	"a raw Image named appliance.itb" "Wrong Image Format for bootm command"
refused_boot forged-conf-points-elsewhere "$vboot/forged-conf-points-elsewhere.img" "$normal" \
	conf-normal "a forged FIT: the signed configuration pointed at another kernel node" \
	"Failed to verify required signature 'key-$KEY_NAME'"
refused_boot forged-swap-kernel-node "$vboot/forged-swap-kernel-node.img" "$normal" \
	conf-normal "a forged FIT: the attacker's kernel under the signed kernel node's name" \
	"Failed to verify required signature 'key-$KEY_NAME'"
refused_boot maintenance-fit "$TEST_OUT/maintenance.img" "$normal" conf-normal \
	"the signed maintenance FIT on the product machine" "Could not find configuration node"
refused_boot ask-maintenance "$DISK_TEST" "$CONTROL_DTB_MAINTENANCE" conf-maintenance \
	"conf-maintenance asked of the product FIT" "Could not find configuration node"
refused_boot boot-partition-empty "$vboot/boot-partition-empty.img" "$normal" conf-normal \
	"an empty boot partition" "Failed to load '/appliance.itb'"
refused_boot no-partition-table "$vboot/no-partition-table.img" "$normal" conf-normal \
	"a disk without a partition table" "Couldn't find partition virtio 0:1"
# Without the control DT (QEMU's own tree: no key, no boot command), the
# locked U-Boot boots nothing.
rc=0
timeout 120 "$(dirname "$0")/run-qemu.sh" "$BOARD_CONF" "${locked_normal[@]}" "$DISK_TEST" \
	--batch >"$TEST_OUT/vboot-no-control-dt.log" 2>&1 || rc=$?
host_check "locked U-Boot without its control DT: boots nothing, powers off (QEMU exit $rc)" \
	sh -c "[ $rc -eq 0 ] && grep -qF 'locked U-Boot: no boot command in the control device tree' \
		'$TEST_OUT/vboot-no-control-dt.log' && ! grep -qF 'Starting kernel' \
		'$TEST_OUT/vboot-no-control-dt.log'"

# What the locked U-Boot ignores: the disk's boot script, an unsigned
# default configuration, keys at the console. The signed FIT boots as
# usual, to the lock.
ignored_boot() {
	local name=$1 img=$2 what=$3
	cp "$img" "$TEST_OUT/$name.img"
	guest_check "$name" 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" "$TEST_OUT/$name.img" \
		--dtb "$normal"
	locked_ran_no_script "$name" "$what"
	host_check "$what: the signed FIT booted to the lock" \
		console_has "$name" "appliance locked: seclvl 2 (highly secure)"
}
ignored_boot vboot-booti-unsigned "$vboot/booti-unsigned.img" \
	"a boot script that boots an unsigned kernel with booti"
host_check "a boot script that boots an unsigned kernel with booti: the attacker's kernel never ran" \
	console_lacks vboot-booti-unsigned "attack: booti"
builtin_cmdline=$(sed -n 's/^CONFIG_CMDLINE="\(.*\)"$/\1/p' "$LINUX_OUT_PRODUCT/.config")
ignored_boot vboot-cmdline-edit "$vboot/cmdline-edit.img" \
	"a boot script adding seclvl.initlvl=-1 rdinit=/bin/sh lsm=capability"
host_check "a boot script adding seclvl.initlvl=-1: the kernel ran with its built-in command line ($builtin_cmdline)" \
	console_has vboot-cmdline-edit "# cmdline: $builtin_cmdline"
ignored_boot vboot-unsigned-default "$vboot/unsigned-default.img" \
	"a FIT whose default configuration is unsigned"
host_check "a FIT whose default configuration is unsigned: U-Boot used conf-normal, never conf-attack" \
	sh -c "grep -qF \"Using 'conf-normal' configuration\" '$TEST_OUT/vboot-unsigned-default.log' &&
		! grep -qF conf-attack '$TEST_OUT/vboot-unsigned-default.log'"
# keys at the serial console during the whole of U-Boot's run
cp "$DISK_TEST" "$TEST_OUT/keys.img"
rc=0
"$(dirname "$0")/boot-with-keys.py" "$TEST_OUT/vboot-keys.log" 180 "$BOARD_CONF" \
	"${locked_normal[@]}" "$TEST_OUT/keys.img" --dtb "$normal" || rc=$?
host_check "locked U-Boot with Ctrl-C, space and Enter hammered on the console: keys were sent" \
	grep -qE '^# boot-with-keys: [1-9][0-9]* times' "$TEST_OUT/vboot-keys.log"
host_check "locked U-Boot with keys hammered on the console: no prompt" u_boot_lacks vboot-keys "=> "
host_check "locked U-Boot with keys hammered on the console: the signed FIT booted to the lock (QEMU exit $rc)" \
	console_has vboot-keys "appliance locked: seclvl 2 (highly secure)"

# Debian's stock U-Boot (UBOOT=debian), for comparison: the same signed
# FIT boots through its distro boot and boot.scr, and the holes the
# README's threat table names stay open. If one of these ever fails, that
# U-Boot closed the hole and the README must say so.
stock=(uboot "$UBOOT_DEBIAN")
cp "$DISK_TEST" "$TEST_OUT/stock.img"
guest_check stock-uboot-boot 180 2 -- "$BOARD_CONF" "${stock[@]}" "$TEST_OUT/stock.img" \
	--dtb "$CONTROL_DTB_DEBIAN"
host_check "stock U-Boot: boot.scr booted the signed FIT (key $KEY_NAME)" \
	sh -c "grep -qF 'seclvl appliance: booting conf-normal' '$TEST_OUT/stock-uboot-boot.log' &&
		grep -qF 'sha256,rsa2048:$KEY_NAME+' '$TEST_OUT/stock-uboot-boot.log'"
guest_check stock-booti-unsigned 180 1 -- "$BOARD_CONF" "${stock[@]}" "$vboot/booti-unsigned.img" \
	--dtb "$CONTROL_DTB_DEBIAN"
host_check "open with stock U-Boot: an edited boot.scr starts an unsigned kernel with booti" \
	console_has stock-booti-unsigned "attack: booti of the kernel extracted from an unsigned FIT"
cp "$DISK_TEST" "$TEST_OUT/stock-keys.img"
"$(dirname "$0")/boot-with-keys.py" "$TEST_OUT/stock-keys.log" 120 "$BOARD_CONF" \
	"${stock[@]}" "$TEST_OUT/stock-keys.img" --dtb "$CONTROL_DTB_DEBIAN" || true
host_check "open with stock U-Boot: keys at the console reach a prompt" \
	grep -qF "=> " "$TEST_OUT/stock-keys.log"

# the appliance booted at level 1 sets itself up and locks at 2 (at 2
# from boot it could mount nothing: see boot-initlvl-2)
cp "$DISK_TEST" "$TEST_OUT/initlvl-1.img"
guest_check appliance-initlvl-1 180 2 -- "${direct[@]}" \
	"panic=-1 seclvl.initlvl=1" --data "$TEST_OUT/initlvl-1.img"

# The debug kernel (lockdep, atomic-sleep, list and slab debugging,
# kmemleak, KASAN): KUnit, the rules and the attack suites again, clean log.
debug=("$BOARD_CONF" direct "$IMAGE_DEBUG" "$ROOTFS_TEST_DEBUG")
guest_check debug-smoke 600 2 -- "${debug[@]}" "$testinit kunit.enable=1 seclvl_test=smoke"
make_test_disks
guest_check debug-levels 900 1 -- "${debug[@]}" \
	"$testinit seclvl_test=levels" \
	"${test_disks[@]}"
guest_check debug-attack 900 3 -- "${debug[@]}" \
	"$testinit seclvl_test=race,leaks,hostile"
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
