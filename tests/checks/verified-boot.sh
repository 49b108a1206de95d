# shellcheck shell=bash disable=SC2154
# (direct, slow, shared, product: set by tests/check.sh)
# make check, job 4: the product kernel through U-Boot. The appliance
# through the locked U-Boot (verified boot, persistence, clean shutdown,
# maintenance), what the locked U-Boot must refuse or ignore (the fixtures
# of tests/boot/make-verified-boot-fixtures.sh, a make target), Debian's
# stock U-Boot for comparison, and the appliance booted at level 1.
# Sourced by tests/check.sh.

stage_begin "guest boots: the appliance, verified boot"
# The appliance through the locked U-Boot, verified boot: the product
# kernel, the FIT signed with the key that U-Boot's control device tree
# requires, the boot command from that tree (nothing from the disk).
# Boot 1 locks at 2, writes a marker to /data and powers off at level 2;
# the data partition must be clean on the host; boot 2 of the same disk
# finds the marker.
# shellcheck source=board/qemu-virt/board.conf
. "$BOARD_CONF"
# shellcheck source=scripts/disk-layout.sh
. scripts/disk-layout.sh
# the appliance's devices (BOOT_DEV, DATA_DEV), as its rcS names them
# shellcheck source=board/qemu-virt/rootfs/etc/board.conf
. "$(dirname "$BOARD_CONF")/rootfs/etc/board.conf"
locked_normal=(uboot "${shared[UBOOT_LOCKED]}")
data_partition_clean() {
	local part=$TEST_OUT/data-partition.img
	dd if="$1" of="$part" bs=1M skip="$DISK_DATA_START_MIB" \
		count="$DATA_PART_MIB" status=none
	e2fsck -fn "$part"
}
console_has() {
	grep -qF -- "$2" "$TEST_OUT/$1.log"
}
console_lacks() {
	! grep -qF -- "$2" "$TEST_OUT/$1.log"
}
# appliance_state LOG STATE: the lock step's line for programs says STATE
# ("locked level=2", "maintenance level=-1"), as a whole line
appliance_state() {
	grep -qE "^appliance-state: $2"$'\r?$' "$TEST_OUT/$1.log"
}
# password_set LOG: rcS set the unlock password, the kernel logged it, and
# rcS reported no failure
password_set() {
	console_has "$1" "[setup] setting the unlock password" &&
		console_has "$1" "seclvl: unlock password set by cat[" &&
		console_lacks "$1" "[setup] FAILED: cannot set the unlock password"
}
# password_refused LOG LEVEL: the kernel refused rcS's password at LEVEL,
# and rcS said so
password_refused() {
	console_has "$1" "seclvl: refused setting the unlock password at level $2: cat[" &&
		console_has "$1" "[setup] FAILED: cannot set the unlock password"
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
cp "${product[DISK_TEST]}" "$disk"
guest_check appliance-uboot-boot1 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" "$disk" \
	--dtb "${shared[CONTROL_DTB_NORMAL]}"
host_check "appliance boot 1: the locked U-Boot booted (its banner)" \
	console_has appliance-uboot-boot1 "-seclvl-locked ("
host_check "appliance boot 1: the locked U-Boot took its boot command from the control DT" \
	console_lacks appliance-uboot-boot1 "no boot command in the control device tree"
locked_ran_no_script appliance-uboot-boot1 "appliance boot 1"
host_check "appliance boot 1: U-Boot verified the configuration's signature (key $KEY_NAME)" \
	console_has appliance-uboot-boot1 "sha256,rsa2048:$KEY_NAME+"
host_check "appliance boot 1: lock banner on the console" \
	appliance_state appliance-uboot-boot1 "locked level=2"
host_check "appliance boot 1: rcS set the unlock password from the signed initramfs, without an error" \
	password_set appliance-uboot-boot1
host_check "appliance boot 1: rcS read the new data partition's superblock as clean" \
	console_has appliance-uboot-boot1 "[setup] $DATA_DEV: clean"
host_check "appliance boot 1: the shutdown at level 2 remounted /data read-only" \
	console_has appliance-uboot-boot1 "[shutdown] /data remounted read-only"
host_check "appliance boot 1: e2fsck -fn finds the data partition clean after poweroff" \
	data_partition_clean "$disk"
host_check "appliance boot 1: wrote the persistence marker" \
	console_has appliance-uboot-boot1 "persistence: wrote the marker file to /data"
guest_check appliance-uboot-boot2 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" "$disk" \
	--dtb "${shared[CONTROL_DTB_NORMAL]}"
host_check "appliance boot 2: the marker of boot 1 is intact" \
	console_has appliance-uboot-boot2 "ok 10 - persistence: the marker written by the previous boot is intact"
host_check "appliance boot 2: rcS read the superblock left by boot 1's poweroff as clean" \
	console_has appliance-uboot-boot2 "[setup] $DATA_DEV: clean"

# Boot 3: /data as root leaves it after the lock (level 2 lets root write
# there) or as someone with the disk writes it offline: a boot count that
# is no number (the arithmetic error that once ended rcS before the lock)
# and, where rcS and syslogd write before the lock, links to the boot
# partition. The appliance still locks, removes the links and writes
# nothing through them: the boot partition is the same after the boot.
# The superblock is also marked as a power cut leaves it (needs_recovery):
# rcS says so, the kernel replays the (empty) journal.
part_sha() {
	dd if="$disk" bs=1M skip="$1" count="$2" status=none | sha256sum
}
hostile_data() {
	local part=$TEST_OUT/data-partition.img cmds=$TEST_OUT/hostile-data.debugfs
	dd if="$disk" of="$part" bs=1M skip="$DISK_DATA_START_MIB" \
		count="$DATA_PART_MIB" status=none
	printf '1 2\n' >"$TEST_OUT/boot-count"
	printf '%s\n' "rm boot-count" "write $TEST_OUT/boot-count boot-count" \
		"rm log/messages" "symlink log/messages $BOOT_DEV" \
		"rm www/index.html" "symlink www/index.html $BOOT_DEV" \
		"feature needs_recovery" >"$cmds"
	debugfs -w -f "$cmds" "$part" >"$TEST_OUT/hostile-data.log" 2>&1
	if ! debugfs -R "stat log/messages" "$part" 2>/dev/null | grep -q "Type: symlink" ||
		! dumpe2fs -h "$part" 2>/dev/null | grep -q "^Filesystem features:.*needs_recovery" ||
		! debugfs -R "stat www/index.html" "$part" 2>/dev/null | grep -q "Type: symlink" ||
		[ "$(debugfs -R "cat boot-count" "$part" 2>/dev/null)" != "1 2" ]; then
		cat "$TEST_OUT/hostile-data.log"
		return 1
	fi
	dd if="$part" of="$disk" bs=1M seek="$DISK_DATA_START_MIB" conv=notrunc status=none
}
links_removed() {
	console_has appliance-uboot-boot3 \
		"[setup] FAILED: /data/log/messages was not a regular file: removed" &&
		console_has appliance-uboot-boot3 \
			"[setup] FAILED: /data/www/index.html was not a regular file: removed"
}
host_check "appliance boot 3: /data written offline (boot count '1 2', links to $BOOT_DEV)" \
	hostile_data
boot_part_before=$(part_sha "$DISK_BOOT_START_MIB" "$BOOT_PART_MIB")
guest_check appliance-uboot-boot3 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" "$disk" \
	--dtb "${shared[CONTROL_DTB_NORMAL]}"
host_check "appliance boot 3, hostile /data: lock banner on the console" \
	appliance_state appliance-uboot-boot3 "locked level=2"
host_check "appliance boot 3, hostile /data: rcS read needs_recovery in the superblock" \
	console_has appliance-uboot-boot3 "[setup] FAILED: $DATA_DEV was not cleanly unmounted: the journal will be replayed"
host_check "appliance boot 3, hostile /data: the boot count that is no number was reset" \
	console_has appliance-uboot-boot3 "[setup] FAILED: /data/boot-count held no count: reset"
host_check "appliance boot 3, hostile /data: the links rcS and syslogd would write through were removed" \
	links_removed
host_check "appliance boot 3, hostile /data: the boot partition is unchanged" \
	test "$(part_sha "$DISK_BOOT_START_MIB" "$BOOT_PART_MIB")" = "$boot_part_before"
host_check "appliance boot 3, hostile /data: e2fsck -fn finds the data partition clean after poweroff" \
	data_partition_clean "$disk"

# The maintenance boot: the signed maintenance FIT on its own disk, booted
# by the locked U-Boot with the maintenance control DT (on a real board: a
# maintenance boot ROM or a strap; here the host's QEMU command line).
cp "${product[DISK_TEST_MAINT]}" "$TEST_OUT/maintenance.img"
guest_check appliance-uboot-maintenance 180 2 -- "$BOARD_CONF" "${locked_normal[@]}" \
	"$TEST_OUT/maintenance.img" --dtb "${shared[CONTROL_DTB_MAINTENANCE]}"
host_check "maintenance boot: U-Boot verified the signed conf-maintenance" \
	console_has appliance-uboot-maintenance "sha256,rsa2048:$KEY_NAME+"
host_check "maintenance boot: banner on the console" \
	appliance_state appliance-uboot-maintenance "maintenance level=-1"

# What the locked U-Boot must refuse: each boot ends in U-Boot's refusal
# and the boot command's poweroff, never in a kernel or a prompt.
vboot=${product[VBOOT_DIR]}
# refused_boot NAME DISK CONTROL_DTB CONF WHAT MESSAGE
refused_boot() {
	local name=$1 img=$2 dtb=$3 conf=$4 what=$5 message=$6 rc=0
	timeout 120 scripts/run-qemu.sh "$BOARD_CONF" "${locked_normal[@]}" "$img" \
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
normal=${shared[CONTROL_DTB_NORMAL]}
# U-Boot's refusal of an image that is not a FIT: "Wrong Image Format for
# bootm command" while its source has that message (2023.01: the default
# case of boot_get_kernel), "Wrong Image Type ..." since it was folded
# into that one (2025.01: boot_get_kernel returns -EPROTOTYPE); taken from
# the source the locked U-Boot was built from
if grep -rqF 'Wrong Image Format for %s command' "${shared[UBOOT_SRC]}/boot" \
	"${shared[UBOOT_SRC]}/common" 2>/dev/null; then
	wrong_image="Wrong Image Format for bootm command"
else
	wrong_image="Wrong Image Type for bootm command"
fi
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
	"a legacy uImage named appliance.itb" "$wrong_image"
refused_boot raw-image "$vboot/raw-image.img" "$normal" conf-normal \
	"a raw Image named appliance.itb" "$wrong_image"
refused_boot forged-conf-points-elsewhere "$vboot/forged-conf-points-elsewhere.img" "$normal" \
	conf-normal "a forged FIT: the signed configuration pointed at another kernel node" \
	"Failed to verify required signature 'key-$KEY_NAME'"
refused_boot forged-swap-kernel-node "$vboot/forged-swap-kernel-node.img" "$normal" \
	conf-normal "a forged FIT: the attacker's kernel under the signed kernel node's name" \
	"Failed to verify required signature 'key-$KEY_NAME'"
refused_boot maintenance-fit "$TEST_OUT/maintenance.img" "$normal" conf-normal \
	"the signed maintenance FIT on the product machine" "Could not find configuration node"
refused_boot ask-maintenance "${product[DISK_TEST]}" "${shared[CONTROL_DTB_MAINTENANCE]}" conf-maintenance \
	"conf-maintenance asked of the product FIT" "Could not find configuration node"
refused_boot boot-partition-empty "$vboot/boot-partition-empty.img" "$normal" conf-normal \
	"an empty boot partition" "Failed to load '/appliance.itb'"
refused_boot no-partition-table "$vboot/no-partition-table.img" "$normal" conf-normal \
	"a disk without a partition table" "Couldn't find partition virtio 0:1"
# Without the control DT (QEMU's own tree: no key, no boot command), the
# locked U-Boot boots nothing.
rc=0
timeout 120 scripts/run-qemu.sh "$BOARD_CONF" "${locked_normal[@]}" "${product[DISK_TEST]}" \
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
		appliance_state "$name" "locked level=2"
}
ignored_boot vboot-booti-unsigned "$vboot/booti-unsigned.img" \
	"a boot script that boots an unsigned kernel with booti"
host_check "a boot script that boots an unsigned kernel with booti: the attacker's kernel never ran" \
	console_lacks vboot-booti-unsigned "attack: booti"
builtin_cmdline=$(sed -n 's/^CONFIG_CMDLINE="\(.*\)"$/\1/p' "${product[LINUX_OUT]}/.config")
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
cp "${product[DISK_TEST]}" "$TEST_OUT/keys.img"
rc=0
"$TESTS_DIR/boot/boot-with-keys.py" "$TEST_OUT/vboot-keys.log" 180 "$BOARD_CONF" \
	"${locked_normal[@]}" "$TEST_OUT/keys.img" --dtb "$normal" || rc=$?
host_check "locked U-Boot with Ctrl-C, space and Enter hammered on the console: keys were sent" \
	grep -qE '^# boot-with-keys: [1-9][0-9]* times' "$TEST_OUT/vboot-keys.log"
host_check "locked U-Boot with keys hammered on the console: no prompt" u_boot_lacks vboot-keys "=> "
host_check "locked U-Boot with keys hammered on the console: the signed FIT booted to the lock (QEMU exit $rc)" \
	appliance_state vboot-keys "locked level=2"

# Debian's stock U-Boot (UBOOT=debian), for comparison: the same signed
# FIT boots through its distro boot and boot.scr, and the holes the threat
# table of docs/verified-boot.md names stay open. If one of these ever
# fails, that U-Boot closed the hole and docs/verified-boot.md must say so.
stock=(uboot "${shared[UBOOT_DEBIAN]}")
cp "${product[DISK_TEST]}" "$TEST_OUT/stock.img"
guest_check stock-uboot-boot 180 2 -- "$BOARD_CONF" "${stock[@]}" "$TEST_OUT/stock.img" \
	--dtb "${shared[CONTROL_DTB_DEBIAN]}"
host_check "stock U-Boot: boot.scr booted the signed FIT (key $KEY_NAME)" \
	sh -c "grep -qF 'seclvl appliance: booting conf-normal' '$TEST_OUT/stock-uboot-boot.log' &&
		grep -qF 'sha256,rsa2048:$KEY_NAME+' '$TEST_OUT/stock-uboot-boot.log'"
# the attacker's kernel runs with this disk: a copy, the fixture stays as built
cp "$vboot/booti-unsigned.img" "$TEST_OUT/stock-booti-unsigned.img"
guest_check stock-booti-unsigned 180 1 -- "$BOARD_CONF" "${stock[@]}" "$TEST_OUT/stock-booti-unsigned.img" \
	--dtb "${shared[CONTROL_DTB_DEBIAN]}"
host_check "open with stock U-Boot: an edited boot.scr starts an unsigned kernel with booti" \
	console_has stock-booti-unsigned "attack: booti of the kernel extracted from an unsigned FIT"
cp "${product[DISK_TEST]}" "$TEST_OUT/stock-keys.img"
"$TESTS_DIR/boot/boot-with-keys.py" "$TEST_OUT/stock-keys.log" 120 "$BOARD_CONF" \
	"${stock[@]}" "$TEST_OUT/stock-keys.img" --dtb "${shared[CONTROL_DTB_DEBIAN]}" || true
host_check "open with stock U-Boot: keys at the console reach a prompt" \
	grep -qF "=> " "$TEST_OUT/stock-keys.log"

# make run's disk: the data partition of the last run is kept, the rest
# comes from the build; FRESH=1 starts over
run_disk_keeps_data() {
	local run=$TEST_OUT/run.img marker=seclvl-run-disk-marker data_off
	data_off=$((DISK_DATA_START_MIB * 1024 * 1024))
	rm -f "$run"
	scripts/prepare-run-disk.sh "$BOARD_CONF" "${product[DISK_TEST]}" "$run" 0 &&
		printf '%s' "$marker" | dd of="$run" bs=1 seek=$((data_off + 512)) conv=notrunc status=none &&
		dd if=/dev/zero of="$run" bs=1 seek=512 count=16 conv=notrunc status=none &&
		scripts/prepare-run-disk.sh "$BOARD_CONF" "${product[DISK_TEST]}" "$run" 0 | grep -q 'kept' &&
		grep -qF "$marker" "$run" &&
		cmp -n "$data_off" "$run" "${product[DISK_TEST]}" &&
		scripts/prepare-run-disk.sh "$BOARD_CONF" "${product[DISK_TEST]}" "$run" 1 | grep -q 'fresh' &&
		! grep -qF "$marker" "$run" && cmp "$run" "${product[DISK_TEST]}"
}
host_check "make run: the data partition is kept from run to run, the boot partition is the build's, FRESH=1 starts over" \
	run_disk_keeps_data

# the appliance booted at level 1 sets itself up and locks at 2 (at 2
# from boot it could mount nothing: see boot-initlvl-2)
cp "${product[DISK_TEST]}" "$TEST_OUT/initlvl-1.img"
guest_check appliance-initlvl-1 $((180 * slow)) 2 -- "${direct[@]}" \
	"panic=-1 seclvl.initlvl=1" --data "$TEST_OUT/initlvl-1.img"
host_check "appliance booted at level 1: rcS could not set the unlock password (sealed from boot), and said so" \
	password_refused appliance-initlvl-1 1

stage_end
