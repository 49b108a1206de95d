#!/usr/bin/env bash
# U-Boot's control device tree for verified boot: QEMU's own device tree,
# dumped by run-qemu.sh with exactly the options it boots U-Boot with
# (-bios included: the tree differs otherwise, and the kernel faults), with
# the public key of KEY_DIR/KEY_NAME added as "required" for
# configurations. run-qemu.sh --dtb passes it to QEMU, which hands it to
# U-Boot; U-Boot then refuses any FIT configuration this key did not sign.
#
# With FIT_CONF, the tree also carries the locked U-Boot's boot command
# (/config/bootcmd, which U-Boot prefers to its environment): load the FIT
# from the boot partition, boot FIT_CONF, power off if that returns. The
# locked U-Boot's own built-in command only powers off, so it boots
# nothing without this tree. Without FIT_CONF the tree carries the key only
# (for Debian's stock U-Boot, which runs its distro boot).
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: make-control-dtb.sh BOARD_CONF U_BOOT_BIN KEY_DIR KEY_NAME OUT.dtb [FIT_CONF]"
[ "$#" -eq 5 ] || [ "$#" -eq 6 ] || die "$usage"
board_conf=$1 u_boot=$2 key_dir=$3 key_name=$4 out=$5 fit_conf=${6:-}
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"

stage_begin "U-Boot control device tree $out (key $key_name required${fit_conf:+, boots $fit_conf})"
work=${out%.dtb}.d
rm -rf "$work"
mkdir -p "$work"
# a disk as at run time (its transport, virtio-mmio, is in the tree anyway)
truncate -s 1M "$work/disk.img"
"$(dirname "$0")/run-qemu.sh" "$board_conf" uboot "$u_boot" "$work/disk.img" --batch \
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
echo "    /signature/key-$key_name: required = \"$required\""

if [ -n "$fit_conf" ]; then
	addr=$FIT_LOAD_ADDR
	bootcmd="virtio scan; load $UBOOT_BOOT_PART $addr /appliance.itb && bootm $addr#$fit_conf $addr#$fit_conf \${fdtcontroladdr}; echo locked U-Boot: no verified $fit_conf booted, powering off; poweroff"
	fdtput -p -t s "$work/control.dtb" /config bootcmd "$bootcmd"
	[ "$(fdtget "$work/control.dtb" /config bootcmd)" = "$bootcmd" ] ||
		die "cannot add /config/bootcmd to the tree"
	echo "    /config/bootcmd: $bootcmd"
fi
# fdtput leaves the padding after a new property as it found it in its
# buffer: let dtc write the tree again, so that the same input gives the
# same bytes
dtc -q -I dtb -O dtb -o "$out.tmp" "$work/control.dtb" ||
	die "dtc could not rewrite $work/control.dtb"
mv "$out.tmp" "$out"
stage_end
