#!/usr/bin/env bash
# Build the FIT image (kernel + initramfs) from boot/appliance.its.in, with
# the load addresses of the board. SOURCE_DATE_EPOCH fixes its timestamp.
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

usage="usage: make-fit-image.sh BOARD_CONF IMAGE INITRAMFS KERNEL_VERSION OUT.itb"
[ "$#" -eq 5 ] || die "$usage"
board_conf=$1 image=$2 initramfs=$3 kversion=$4 out=$5
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"

stage_begin "FIT image $out"
its=${out%.itb}.its
"$(dirname "$0")/fill-template.sh" boot/appliance.its.in \
	KERNEL="$(realpath "$image")" RAMDISK="$(realpath "$initramfs")" \
	KERNEL_VERSION="$kversion" KERNEL_LOAD_ADDR="$KERNEL_LOAD_ADDR" \
	RAMDISK_LOAD_ADDR="$RAMDISK_LOAD_ADDR" \
	FDT_COMPATIBLE="$FDT_COMPATIBLE" >"$its"
mkimage -f "$its" "$out.tmp" >"$out.log"
mv "$out.tmp" "$out"
stage_end
