#!/usr/bin/env bash
# The pristine disks of the levels boot, each found by the suite by what
# it holds, not by its name: mounted.img, an 8 MiB ext4 labelled
# seclvl-test at the start of 16 MiB (the suite mounts it and writes only
# beyond it); spare.img, 16 MiB never mounted, starting with a signature;
# fs.img, an 8 MiB ext4 labelled seclvl-fs that only the mount rule's
# tests mount; loopfs.img, an 8 MiB ext4 labelled seclvl-loop in 16 MiB,
# for the loop device tests; scsi.img, nvme.img and flash.img for the
# passthrough and flash rules. Every levels boot gets fresh copies
# (tests/checks/*.sh).
#
#   make-test-disks.sh OUT_DIR
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

[ "$#" -eq 1 ] || die "usage: make-test-disks.sh OUT_DIR"
out=$1
rm -rf "$out.tmp" && mkdir -p "$out.tmp"
mke2fs -q -F -t ext4 -L seclvl-test -E root_owner=0:0 "$out.tmp/mounted.img" 8M
truncate -s 16M "$out.tmp/mounted.img"
truncate -s 16M "$out.tmp/spare.img"
printf 'SECLVL-TEST-SPARE' | dd of="$out.tmp/spare.img" conv=notrunc status=none
mke2fs -q -F -t ext4 -L seclvl-fs -E root_owner=0:0 "$out.tmp/fs.img" 8M
# the media of the passthrough and flash rules: a SCSI disk and an NVMe
# namespace the suite mounts (8 MiB ext4 in 16 MiB, found by their
# labels), and QEMU virt's second flash bank (64 MiB, found by its
# signature)
# loopfs.img: the loop device tests bind a loop device to it and mount it
mke2fs -q -F -t ext4 -L seclvl-loop -E root_owner=0:0 "$out.tmp/loopfs.img" 8M
truncate -s 16M "$out.tmp/loopfs.img"
for m in scsi nvme; do
	mke2fs -q -F -t ext4 -L "seclvl-$m" -E root_owner=0:0 "$out.tmp/$m.img" 8M
	truncate -s 16M "$out.tmp/$m.img"
done
truncate -s 64M "$out.tmp/flash.img"
printf 'SECLVL-TEST-FLASH' | dd of="$out.tmp/flash.img" conv=notrunc status=none
# ubi.img: the UBI tests make an MTD device of it (block2mtd) and carry
# UBI on it (found by its signature)
truncate -s 16M "$out.tmp/ubi.img"
printf 'SECLVL-TEST-UBI' | dd of="$out.tmp/ubi.img" conv=notrunc status=none
rm -rf "$out" && mv "$out.tmp" "$out"
echo "    test disks in $out: mounted.img spare.img fs.img loopfs.img scsi.img nvme.img flash.img ubi.img"
