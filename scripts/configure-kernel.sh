#!/usr/bin/env bash
# Merge the kernel-config/ and board fragments onto arm64 allnoconfig with the tree's
# merge_config.sh, run olddefconfig, then check that every requested option
# ended up as requested.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

SRC=${1:?usage: configure-kernel.sh SRC OUT FRAGMENT...}
OUT=${2:?usage: configure-kernel.sh SRC OUT FRAGMENT...}
shift 2
frags=()
for f in "$@"; do
	frags+=("$(realpath "$f")")
done
out=$(realpath -m "$OUT")

stage_begin "configure kernel: allnoconfig + ${*##*/}"
mkdir -p "$out"
: "${ARCH:?ARCH is not set (from the board.conf, through make)}"
: "${CROSS_COMPILE:?CROSS_COMPILE is not set (from the board.conf, through make)}"
log=$out/merge_config.log
if ! (cd "$SRC" && scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}") >"$log" 2>&1; then
	cat "$log" >&2
	die "merge_config.sh failed (log: $log)"
fi
make -s -C "$SRC" O="$out" olddefconfig
"$(dirname "$0")/check-kernel-config.sh" "$out/.config" "${frags[@]}"
stage_end
