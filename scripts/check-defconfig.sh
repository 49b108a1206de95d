#!/usr/bin/env bash
# Check that a committed defconfig (defconfig/KERNEL/VARIANT_defconfig) is
# what the variant's fragments give now: savedefconfig of the configured
# tree, compared line by line. make linux-update-defconfig rewrites it.
#
#   check-defconfig.sh BOARD_CONF LINUX_SRC LINUX_OUT DEFCONFIG
set -euo pipefail
# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -eq 4 ] || die "usage: check-defconfig.sh BOARD_CONF LINUX_SRC LINUX_OUT DEFCONFIG"
board_conf=$1 src=$2 out=$3 want=$4
[ -f "$want" ] || die "$want is missing: make linux-update-defconfig KERNEL=... VARIANT=..."
[ -f "$out/.config" ] || die "$out/.config is missing: configure the kernel first"
# ARCH and CROSS_COMPILE of the board: Kconfig asks the compiler too
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"
make -s -C "$src" O="$(realpath "$out")" ARCH="$ARCH" CROSS_COMPILE="$CROSS_COMPILE" savedefconfig
if ! diff -u "$want" "$out/defconfig"; then
	echo "$want is not what the fragments give: make linux-update-defconfig, or fix the fragments"
	exit 1
fi
