#!/usr/bin/env bash
# linux-savedefconfig: write what the current .config changes relative to
# the fragments defconfig/VARIANT.fragments lists into one more fragment (default
# defconfig/local.config), so that menuconfig changes survive a rebuild.
#
#   save-kernel-fragment.sh SRC OUT LOCAL_FRAGMENT FRAGMENT...
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -ge 4 ] || die "usage: save-kernel-fragment.sh SRC OUT LOCAL_FRAGMENT FRAGMENT..."
src=$1 out=$2 local_frag=$3
shift 3
frags=()
for f in "$@"; do
	[ "$f" = "$local_frag" ] || frags+=("$(realpath "$f")")
done

stage_begin "save kernel config changes to $local_frag"
ref=$(mktemp -d)
trap 'rm -rf "$ref"' EXIT
: "${ARCH:?ARCH is not set (from the board.conf, through make)}"
: "${CROSS_COMPILE:?CROSS_COMPILE is not set (from the board.conf, through make)}"
(cd "$src" && scripts/kconfig/merge_config.sh -n -O "$ref" "${frags[@]}") >"$ref/log" 2>&1 ||
	die "merge_config.sh failed: $(tail -n 5 "$ref/log")"
make -s -C "$src" O="$ref" olddefconfig

# one "CONFIG_X=v" or "# CONFIG_X is not set" per option, sorted
options() {
	grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$1" | LC_ALL=C sort
}
changes=$(LC_ALL=C comm -13 <(options "$ref/.config") <(options "$out/.config"))
if [ -z "$changes" ]; then
	rm -f "$local_frag"
	echo "    no changes against the fragments: $local_frag removed"
else
	{
		echo "# Local changes saved by 'make linux-savedefconfig' against the other"
		echo "# fragments of defconfig/. Edit, rename or commit as a fragment of its own."
		printf '%s\n' "$changes"
	} >"$local_frag"
	echo "    $(printf '%s\n' "$changes" | wc -l) option(s) written to $local_frag"
fi
stage_end
