#!/usr/bin/env bash
# U-Boot's control device tree for verified boot: QEMU's own device tree,
# dumped by run-qemu.sh with exactly the options it boots U-Boot with
# (-bios included: the tree differs otherwise, and the kernel faults), with
# the public key of KEY_DIR/KEY_NAME added as "required" for
# configurations. run-qemu.sh --dtb passes it to QEMU, which hands it to
# U-Boot; U-Boot then refuses any FIT configuration this key did not sign.
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

usage="usage: make-control-dtb.sh BOARD_CONF KEY_DIR KEY_NAME OUT.dtb"
[ "$#" -eq 4 ] || die "$usage"
board_conf=$1 key_dir=$2 key_name=$3 out=$4

stage_begin "U-Boot control device tree $out (key $key_name required)"
work=${out%.dtb}.d
rm -rf "$work"
mkdir -p "$work"
# a disk as at run time (its transport, virtio-mmio, is in the tree anyway)
truncate -s 1M "$work/disk.img"
"$(dirname "$0")/run-qemu.sh" "$board_conf" uboot "$work/disk.img" --batch \
	--dumpdtb "$work/qemu.dtb" >"$work/dump.log" 2>&1 ||
	die "QEMU could not dump its device tree (log: $work/dump.log)"
[ -s "$work/qemu.dtb" ] || die "QEMU wrote no device tree (log: $work/dump.log)"

# QEMU puts fresh random seeds in /chosen at every boot; a dumped tree
# would hand the same ones to every boot: drop them.
for prop in rng-seed kaslr-seed; do
	fdtput -d "$work/qemu.dtb" /chosen "$prop" 2>/dev/null || true
	if fdtget "$work/qemu.dtb" /chosen "$prop" >/dev/null 2>&1; then
		die "cannot remove /chosen/$prop from the dumped tree"
	fi
done

# mkimage adds the public key to the tree given with -K while it signs:
# sign a throwaway one-image FIT to get it there.
cp "$work/qemu.dtb" "$work/control.dtb"
printf 'seclvl key carrier\n' >"$work/payload"
cat >"$work/key.its" <<ITS
/dts-v1/;
/ {
	description = "carries the public key into the control device tree";
	#address-cells = <1>;
	images {
		payload {
			data = /incbin/("payload");
			type = "firmware";
			arch = "arm64";
			compression = "none";
			hash {
				algo = "sha256";
			};
		};
	};
	configurations {
		default = "conf";
		conf {
			firmware = "payload";
			signature {
				algo = "sha256,rsa2048";
				key-name-hint = "$key_name";
				sign-images = "firmware";
			};
		};
	};
};
ITS
mkimage -f "$work/key.its" -k "$key_dir" -K "$work/control.dtb" -r "$work/key.itb" \
	>"$work/mkimage.log" 2>&1 || die "mkimage could not add the key (log: $work/mkimage.log)"
required=$(fdtget "$work/control.dtb" "/signature/key-$key_name" required)
[ "$required" = conf ] || die "the key is in the tree as required='$required', not 'conf'"
mv "$work/control.dtb" "$out"
echo "    /signature/key-$key_name: required = \"$required\""
stage_end
