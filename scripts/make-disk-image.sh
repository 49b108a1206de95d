#!/usr/bin/env bash
# Build the raw virtio disk image without root: a GPT (sfdisk on a file),
# partition 1 ext4 "boot" with boot.scr and the FIT, found by U-Boot's
# distro boot, partition 2 ext4 "data", the appliance's persistent data.
# UUIDs, hash seeds and timestamps are fixed, so the image is reproducible.
# The boot script comes from boot/boot.cmd.in unless the tests name another;
# files named after it are added to the boot partition too. FIT "none"
# leaves the boot partition empty (no FIT, no boot script).
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: make-disk-image.sh BOARD_CONF FIT|none CONF BOOTARGS OUT.img [BOOT_CMD_TEMPLATE [BOOT_FILE...]]"
[ "$#" -ge 5 ] || die "$usage"
board_conf=$1 fit=$2 conf=$3 bootargs=$4 out=$5 template=${6:-boot/boot.cmd.in}
shift 5
[ "$#" -eq 0 ] || shift
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"
# shellcheck source=scripts/disk-layout.sh
. "$(dirname "$0")/disk-layout.sh"
: "${SOURCE_DATE_EPOCH:=0}"
export E2FSPROGS_FAKE_TIME=$SOURCE_DATE_EPOCH

stage_begin "disk image $out ($conf)"
work=${out%.img}.d
rm -rf "$work"
mkdir -p "$work/boot" "$work/data"

if [ "$fit" != none ]; then
	"$(dirname "$0")/fill-template.sh" "$template" \
		FIT_CONF="$conf" CONSOLE="$CONSOLE" BOOTARGS="$bootargs" \
		FIT_LOAD_ADDR="$FIT_LOAD_ADDR" >"$work/boot.cmd"
	mkimage -A "$ARCH" -O linux -T script -C none -n "seclvl appliance boot" \
		-d "$work/boot.cmd" "$work/boot/boot.scr" >/dev/null
	cp "$fit" "$work/boot/appliance.itb"
	for f in "$@"; do
		cp "$f" "$work/boot/"
	done
fi

mib=$((1024 * 1024))
rm -f "$out.tmp"
truncate -s $((DISK_SIZE_MIB * mib)) "$out.tmp"
sfdisk -q --no-reread --no-tell-kernel "$out.tmp" <<SFDISK
label: gpt
label-id: 5EC1F000-0000-4000-8000-000000000000
first-lba: $DISK_FIRST_LBA
start=${DISK_BOOT_START_MIB}MiB, size=${BOOT_PART_MIB}MiB, name=boot, uuid=5EC1F000-0000-4000-8000-000000000001
start=${DISK_DATA_START_MIB}MiB, size=${DATA_PART_MIB}MiB, name=data, uuid=5EC1F000-0000-4000-8000-000000000002
SFDISK
mke2fs -q -F -t ext4 -L boot -U 5ec1f000-0000-4000-8000-0000000000b1 \
	-E offset=$((DISK_BOOT_START_MIB * mib)),hash_seed=5ec1f000-0000-4000-8000-0000000000b2 \
	-d "$work/boot" "$out.tmp" "${BOOT_PART_MIB}M"
mke2fs -q -F -t ext4 -L data -U 5ec1f000-0000-4000-8000-0000000000d1 \
	-E offset=$((DISK_DATA_START_MIB * mib)),hash_seed=5ec1f000-0000-4000-8000-0000000000d2 \
	-d "$work/data" "$out.tmp" "${DATA_PART_MIB}M"
mv "$out.tmp" "$out"
stage_end
