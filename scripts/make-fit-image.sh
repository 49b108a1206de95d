#!/usr/bin/env bash
# Build a FIT image (kernel + initramfs, one configuration) from
# boot/appliance.its.in with the load addresses of the board, and sign the
# configuration with KEY_DIR/KEY_NAME.key when a key is given (unsigned
# FITs are only built by the tests). SOURCE_DATE_EPOCH fixes its
# timestamps; RSA PKCS#1 v1.5 signatures are deterministic, so a signed FIT
# is reproducible with the same key.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: make-fit-image.sh BOARD_CONF IMAGE INITRAMFS KERNEL_VERSION CONF OUT.itb [KEY_DIR KEY_NAME]"
[ "$#" -eq 6 ] || [ "$#" -eq 8 ] || die "$usage"
board_conf=$1 image=$2 initramfs=$3 kversion=$4 conf=$5 out=$6
key_dir=${7:-} key_name=${8:-}
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"

case $conf in
conf-normal) what="appliance, locked at boot" ;;
conf-maintenance) what="appliance maintenance boot (seclvl -1)" ;;
*) die "unknown configuration '$conf' (conf-normal or conf-maintenance)" ;;
esac

signature=
signed="unsigned"
if [ -n "$key_dir" ]; then
	for f in "$key_dir/$key_name.key" "$key_dir/$key_name.crt"; do
		[ -r "$f" ] || die "$f not found"
	done
	signature="

			signature {
				algo = \"sha256,rsa2048\";
				key-name-hint = \"$key_name\";
				sign-images = \"kernel\", \"ramdisk\";
			};"
	signed="signed with $key_dir/$key_name"
fi

stage_begin "FIT image $out ($conf, $signed)"
its=${out%.itb}.its
"$(dirname "$0")/fill-template.sh" boot/appliance.its.in \
	KERNEL="$(realpath "$image")" RAMDISK="$(realpath "$initramfs")" \
	KERNEL_VERSION="$kversion" KERNEL_LOAD_ADDR="$KERNEL_LOAD_ADDR" \
	RAMDISK_LOAD_ADDR="$RAMDISK_LOAD_ADDR" FDT_COMPATIBLE="$FDT_COMPATIBLE" \
	FIT_CONF="$conf" FIT_CONF_DESCRIPTION="$what" SIGNATURE="$signature" >"$its"
rm -f "$out.tmp"
if [ -n "$key_dir" ]; then
	mkimage -f "$its" -k "$key_dir" "$out.tmp" >"$out.log"
else
	mkimage -f "$its" "$out.tmp" >"$out.log"
fi
mv "$out.tmp" "$out"
stage_end
