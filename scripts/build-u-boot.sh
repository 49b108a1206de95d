#!/usr/bin/env bash
# Build the locked U-Boot out of tree from Debian's u-boot source: the
# board's defconfig with the fragments merged onto it by the tree's
# merge_config.sh, every requested option checked, then u-boot.bin,
# copied to OUT.bin. Reproducible: the build date is the one of Debian's
# changelog entry, and ccache is used when installed.
#
#   build-u-boot.sh SRC BUILD_DIR DEFCONFIG OUT.bin FRAGMENT...
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: build-u-boot.sh SRC BUILD_DIR DEFCONFIG OUT.bin FRAGMENT..."
[ "$#" -ge 5 ] || die "$usage"
src=$1 out=$(realpath -m "$2") defconfig=$3 bin=$4
shift 4
# FRAGMENT's companions FRAGMENT-less.SYMBOL.config are merged after it
# when the tree's Kconfig knows SYMBOL: what a newer U-Boot spells
# differently (2025.01 makes networking a choice: NO_NET, not "NET is not
# set")
frags=()
for f in "$@"; do
	frags+=("$(realpath "$f")")
	for c in "${f%.config}".*.config; do
		[ -f "$c" ] || continue
		sym=${c%.config}
		sym=${sym##*.}
		if grep -rqx --include='Kconfig*' "config $sym" "$src"; then
			frags+=("$(realpath "$c")")
		fi
	done
done

stage_begin "build locked U-Boot: $defconfig + ${frags[*]##*/}"
mkdir -p "$out"
SOURCE_DATE_EPOCH=$(cd "$src" && dpkg-parsechangelog -STimestamp) ||
	die "cannot read the date of $src/debian/changelog"
export SOURCE_DATE_EPOCH ARCH=${UBOOT_ARCH:?UBOOT_ARCH is not set (from the board.conf, through make)}
export CROSS_COMPILE=${CROSS_COMPILE:?CROSS_COMPILE is not set (from the board.conf, through make)}
umake=(make -s -C "$src" O="$out")
if command -v ccache >/dev/null; then
	umake+=(CC="ccache ${CROSS_COMPILE}gcc")
fi

log=$out/merge_config.log
"${umake[@]}" "$defconfig"
if ! (cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" "${frags[@]}") \
	>"$log" 2>&1; then
	cat "$log" >&2
	die "merge_config.sh failed (log: $log)"
fi
"${umake[@]}" olddefconfig
"$(dirname "$0")/check-kernel-config.sh" "$out/.config" "${frags[@]}"
"${umake[@]}" -j"$(nproc)" u-boot.bin
cp "$out/u-boot.bin" "$bin.tmp"
mv "$bin.tmp" "$bin"
echo "    $bin: $(stat -c %s "$bin") bytes"
stage_end
