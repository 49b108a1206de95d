#!/usr/bin/env bash
# Check that a committed defconfig (defconfig/KERNEL/VARIANT_defconfig) is
# what the variant's fragments give now: savedefconfig of the configured
# tree, compared line by line. With --update, write it instead (make
# linux-update-defconfig). ARCH and CROSS_COMPILE come from the board.conf
# through make, as for configure-kernel.sh: Kconfig asks the compiler too.
#
#   check-defconfig.sh [--update] LINUX_SRC LINUX_OUT DEFCONFIG
set -euo pipefail
# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

update=
if [ "${1:-}" = --update ]; then
	update=1
	shift
fi
[ "$#" -eq 3 ] || die "usage: check-defconfig.sh [--update] LINUX_SRC LINUX_OUT DEFCONFIG"
src=$1 out=$2 want=$3
: "${ARCH:?ARCH is not set (from the board.conf, through make)}"
: "${CROSS_COMPILE:?CROSS_COMPILE is not set (from the board.conf, through make)}"
[ -f "$out/.config" ] || die "$out/.config is missing: configure the kernel first"
[ -n "$update" ] || [ -f "$want" ] ||
	die "$want is missing: make linux-update-defconfig KERNEL=... VARIANT=..."
make -s -C "$src" O="$(realpath "$out")" savedefconfig
if [ -n "$update" ]; then
	mkdir -p "$(dirname "$want")"
	cp "$out/defconfig" "$want"
	echo "    $want"
elif ! diff -u "$want" "$out/defconfig"; then
	echo "$want is not what the fragments give: make linux-update-defconfig, or fix the fragments"
	exit 1
fi
