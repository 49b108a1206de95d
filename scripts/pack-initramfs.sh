#!/usr/bin/env bash
# Pack an initramfs: gen_init_cpio on the generated file list, every
# timestamp set to SOURCE_DATE_EPOCH, gzip without name or time.
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

usage="usage: pack-initramfs.sh GEN_INIT_CPIO OUT.cpio.gz BUSYBOX OVERLAY..."
[ "$#" -ge 4 ] || die "$usage"
gen=$1 out=$2
shift 2
[ -x "$gen" ] || die "$gen not found: build the kernel first"

list=${out%.cpio.gz}.list
"$(dirname "$0")/gen-rootfs-list.sh" "$@" >"$list"
"$gen" -t "${SOURCE_DATE_EPOCH:-0}" "$list" | gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
printf '    %s: %d entries, %d bytes\n' "$out" "$(wc -l <"$list")" "$(stat -c %s "$out")"
