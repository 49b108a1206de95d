#!/usr/bin/env bash
# Check that a committed defconfig (defconfig/KERNEL/VARIANT_defconfig) is
# what the variant's fragments give now: savedefconfig of the configured
# tree, compared line by line. With --update, write it instead (make
# linux-update-defconfig). ARCH and CROSS_COMPILE come from the board.conf
# through make, as for configure-kernel.sh: Kconfig asks the compiler too.
#
# The committed files are saved with Debian 12's cross toolchain. Another
# toolchain can make more symbols visible (CONFIG_RELR needs binutils 2.43
# on arm64: Debian 13); from allnoconfig they stay off, and savedefconfig
# writes '# CONFIG_X is not set' where Debian 12's wrote nothing. Such a
# line is set aside, and named, when X's visibility depends on a toolchain
# probe (kconfig-toolchain-symbols.py) and X is off in the .config: what is
# built is the same. Every other difference fails.
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
	exit 0
fi
diff -u "$want" "$out/defconfig" >/dev/null && exit 0

# unset_only FILE TOOL_SYMBOLS CONFIG: FILE without the '# CONFIG_X is not
# set' lines of the symbols in TOOL_SYMBOLS that are off in CONFIG
unset_only() {
	awk -v tools="$2" -v config="$3" '
		BEGIN {
			while ((getline s < tools) > 0) tool["CONFIG_" s] = 1
			while ((getline l < config) > 0)
				if (l ~ /^CONFIG_[A-Za-z0-9_]+=/) { sub(/=.*/, "", l); on[l] = 1 }
		}
		/^# CONFIG_[A-Za-z0-9_]+ is not set$/ && ($2 in tool) && !($2 in on) { next }
		{ print }' "$1"
}
tools=$(mktemp)
trap 'rm -f "$tools" "$tools".*' EXIT
"$(dirname "$0")"/kconfig-toolchain-symbols.py "$src" >"$tools"
unset_only "$want" "$tools" "$out/.config" >"$tools.want"
unset_only "$out/defconfig" "$tools" "$out/.config" >"$tools.have"
if ! diff -u --label "$want" --label "$out/defconfig" "$tools.want" "$tools.have"; then
	echo "$want is not what the fragments give: make linux-update-defconfig, or fix the fragments"
	exit 1
fi
# the lines set aside that made the difference
{ diff -u "$want" "$out/defconfig" || true; } | sed -n 's/^[-+]# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1/p' |
	while read -r sym; do
		echo "    $sym: off; shown or not by the toolchain (${CROSS_COMPILE}gcc $("${CROSS_COMPILE}gcc" -dumpversion)): set aside"
	done
