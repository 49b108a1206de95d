#!/usr/bin/env bash
# The disk that make run boots: the appliance disk just built, with the
# data partition (/data) of the last run kept, so that what the appliance
# wrote survives from one run to the next. FRESH=1 (or no earlier run, or
# a disk of another size) starts from a copy of the built disk instead.
# The partition table and the boot partition always come from the build.
#
#   prepare-run-disk.sh BOARD_CONF DISK RUN_DISK FRESH
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -eq 4 ] || die "usage: prepare-run-disk.sh BOARD_CONF DISK RUN_DISK FRESH"
board_conf=$1 disk=$2 run=$3 fresh=$4
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"
# shellcheck source=scripts/disk-layout.sh
. "$(dirname "$0")/disk-layout.sh"
[ -f "$disk" ] || die "$disk not found"

if [ "$fresh" = 1 ] || [ ! -f "$run" ] || [ "$(stat -c %s "$disk")" != "$(stat -c %s "$run")" ]; then
	cp "$disk" "$run"
	echo "make run: a fresh disk, $run, copied from $disk (/data empty)"
	exit 0
fi
# everything but the data partition: GPT, boot partition, backup GPT
dd if="$disk" of="$run" bs=1M count="$DISK_DATA_START_MIB" conv=notrunc status=none
dd if="$disk" of="$run" bs=1M skip="$DISK_DATA_END_MIB" seek="$DISK_DATA_END_MIB" conv=notrunc status=none
echo "make run: $run with the boot partition of $disk and /data kept from the last run (FRESH=1 for an empty /data)"
