#!/usr/bin/env bash
# Merge the fragments of defconfig/VARIANT.fragments onto arm64 allnoconfig with the tree's
# merge_config.sh, run olddefconfig, then check that every requested option
# ended up as requested.
#
#   configure-kernel.sh [--defaults] SRC OUT FRAGMENT...
#
# --defaults merges onto alldefconfig instead (defconfig semantics: an
# option no fragment names keeps its Kconfig default), for make bench's
# Buildroot peer.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

base=allnoconfig merge_args=(-n)
if [ "${1:-}" = --defaults ]; then
	base=alldefconfig merge_args=()
	shift
fi
SRC=${1:?usage: configure-kernel.sh [--defaults] SRC OUT FRAGMENT...}
OUT=${2:?usage: configure-kernel.sh [--defaults] SRC OUT FRAGMENT...}
shift 2
frags=()
for f in "$@"; do
	frags+=("$(realpath "$f")")
done
out=$(realpath -m "$OUT")

stage_begin "configure kernel: $base + ${*##*/}"
mkdir -p "$out"
: "${ARCH:?ARCH is not set (from the board.conf, through make)}"
: "${CROSS_COMPILE:?CROSS_COMPILE is not set (from the board.conf, through make)}"
log=$out/merge_config.log
if ! (cd "$SRC" && scripts/kconfig/merge_config.sh "${merge_args[@]}" -O "$out" "${frags[@]}") >"$log" 2>&1; then
	cat "$log" >&2
	die "merge_config.sh failed (log: $log)"
fi
make -s -C "$SRC" O="$out" olddefconfig
"$(dirname "$0")/check-kernel-config.sh" "$out/.config" "${frags[@]}"
stage_end
