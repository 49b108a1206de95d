#!/usr/bin/env bash
# Pack an initramfs: gen_init_cpio on the generated file list, every
# timestamp set to SOURCE_DATE_EPOCH, gzip without name or time.
# gen_init_cpio takes a file's own mtime, so the files are staged in a copy
# whose timestamps are set first.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: pack-initramfs.sh GEN_INIT_CPIO OUT.cpio.gz BUSYBOX OVERLAY..."
[ "$#" -ge 4 ] || die "$usage"
gen=$1 out=$2
shift 2
[ -x "$gen" ] || die "$gen not found: build the kernel first"

busybox=$1
shift
stage=${out%.cpio.gz}.stage
rm -rf "$stage"
mkdir -p "$stage/busybox"
cp -a "$busybox" "$stage/busybox/busybox"
overlays=()
i=0
for overlay in "$@"; do
	mkdir -p "$stage/overlay$i"
	cp -a "$overlay/." "$stage/overlay$i/"
	overlays+=("$stage/overlay$i")
	i=$((i + 1))
done
find "$stage" -exec touch -h -d "@${SOURCE_DATE_EPOCH:-0}" {} +

list=${out%.cpio.gz}.list
"$(dirname "$0")/gen-rootfs-list.sh" "$stage/busybox/busybox" "${overlays[@]}" >"$list"
"$gen" -t "${SOURCE_DATE_EPOCH:-0}" "$list" | gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
printf '    %s: %d entries, %d bytes\n' "$out" "$(wc -l <"$list")" "$(stat -c %s "$out")"
