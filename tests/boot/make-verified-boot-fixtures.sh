#!/usr/bin/env bash
# The hostile boot disks of the verified-boot tests, built from the
# product kernel, the test initramfs and the FIT signed with the real key.
# What an attacker who can write the disk, but has no key, puts there.
# The attacker's kernel is ATTACK_IMAGE (the debug kernel: it reads its
# command line) with ATTACK_INITRAMFS. The attacker lays the disk out as
# he likes: the board's layout with a boot partition of ATTACK_BOOT_MIB,
# room for that kernel (21.5 MiB with KASAN) beside the signed FIT.
#
#   other-key          the same FIT signed by another key with the same name
#   unsigned           the same FIT without a signature
#   tampered-kernel    the signed FIT with one byte of the kernel changed
#   tampered-initramfs the signed FIT with one byte of the initramfs changed
#   legacy-uimage      a legacy uImage of the attacker's kernel, named
#                      appliance.itb
#   raw-image          the attacker's raw Image, named appliance.itb
#   forged-conf-points-elsewhere, forged-swap-kernel-node,
#   unsigned-default   the signed FIT forged by forge-fit.py (its SHAPEs)
#   boot-partition-empty  the GPT with an empty boot partition
#   no-partition-table    a blank disk
#   cmdline-edit       the signed FIT, boot script adding seclvl.initlvl=-1,
#                      rdinit=/bin/sh and lsm=capability to the command line
#   ask-maintenance    the signed normal FIT, boot script asking it for
#                      conf-maintenance (what a U-Boot console user would type)
#   booti-unsigned     the signed FIT, plus attack.itb (an unsigned FIT of
#                      the attacker's kernel and initramfs) and a boot script
#                      that extracts both from it and starts the kernel with
#                      booti, without seclvl (lsm=capability): the hole
#                      Debian's stock U-Boot leaves open
#
# Each disk is OUT_DIR/NAME.img.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../../scripts/log.sh"

usage="usage: make-verified-boot-fixtures.sh BOARD_CONF IMAGE INITRAMFS KERNEL_VERSION SIGNED_FIT KEY_NAME ATTACK_IMAGE ATTACK_INITRAMFS OUT_DIR"
[ "$#" -eq 9 ] || die "$usage"
board_conf=$1 image=$2 initramfs=$3 kversion=$4 signed=$5 key_name=$6
attack_image=$7 attack_initramfs=$8 out=$9
here=$(dirname "$0")
scripts=$here/../../scripts
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"

stage_begin "verified boot fixtures in $out"
rm -rf "$out"
mkdir -p "$out"
ATTACK_BOOT_MIB=64
attack_conf=$out/attacker-board.conf
sed "s/^BOOT_PART_MIB=.*/BOOT_PART_MIB=$ATTACK_BOOT_MIB/" "$board_conf" >"$attack_conf"
grep -qx "BOOT_PART_MIB=$ATTACK_BOOT_MIB" "$attack_conf" || die "no BOOT_PART_MIB= line in $board_conf"
fit() { "$scripts/make-fit-image.sh" "$board_conf" "$image" "$initramfs" "$kversion" conf-normal "$@"; }
disk() { "$scripts/make-disk-image.sh" "$attack_conf" "$1" "$2" "$3" "$out/$4.img" "${@:5}"; }
{
	"$scripts/make-signing-key.sh" "$out/other-key" "$key_name"
	fit "$out/other-key.itb" "$out/other-key" "$key_name"
	fit "$out/unsigned.itb"
	"$here/corrupt-fit-payload.py" "$signed" "$image" "$out/tampered-kernel.itb"
	"$here/corrupt-fit-payload.py" "$signed" "$initramfs" "$out/tampered-initramfs.itb"
	mkimage -A "$ARCH" -O linux -T kernel -C none -a "$KERNEL_LOAD_ADDR" -e "$KERNEL_LOAD_ADDR" \
		-n "attacker kernel" -d "$attack_image" "$out/legacy-uimage.itb"
	cp "$attack_image" "$out/raw-image.itb"
	for shape in conf-points-elsewhere swap-kernel-node; do
		"$here/forge-fit.py" "$shape" "$signed" "$attack_image" "$out/forged-$shape.itb"
	done
	"$here/forge-fit.py" unsigned-default "$signed" "$attack_image" "$out/unsigned-default.itb"
	for name in other-key unsigned tampered-kernel tampered-initramfs legacy-uimage raw-image \
		forged-conf-points-elsewhere forged-swap-kernel-node unsigned-default; do
		disk "$out/$name.itb" conf-normal panic=-1 "$name"
	done
	disk none conf-normal "" boot-partition-empty
	truncate -s 64M "$out/no-partition-table.img"
	disk "$signed" conf-normal "panic=-1 seclvl.initlvl=-1 rdinit=/bin/sh lsm=capability" cmdline-edit
	disk "$signed" conf-maintenance panic=-1 ask-maintenance
	"$scripts/make-fit-image.sh" "$board_conf" "$attack_image" "$attack_initramfs" \
		"$kversion" conf-normal "$out/attack.itb"
	disk "$signed" conf-normal \
		"panic=-1 rdinit=/tests/init lsm=capability seclvl_test=boot seclvl_expect=off" \
		booti-unsigned tests/boot/booti-unsigned.cmd.in "$out/attack.itb"
} >"$out/build.log" 2>&1 || die "could not build the fixtures (log: $out/build.log)"
grep 'inverted' "$out/build.log" | sed 's/^/    /'
stage_end
