#!/usr/bin/env bash
# The pristine disks of the levels boot (virtio-pci; no appliance disk, so
# they are vda, vdb and vdc): mounted.img, an 8 MiB ext4 at the start of
# 16 MiB (the suite mounts it and writes only beyond it), spare.img, 16 MiB
# never mounted, fs.img, an 8 MiB ext4 that only the mount rule's tests
# mount. Every levels boot gets fresh copies (tests/checks/*.sh).
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
mke2fs -q -F -t ext4 -L seclvl-fs -E root_owner=0:0 "$out.tmp/fs.img" 8M
rm -rf "$out" && mv "$out.tmp" "$out"
echo "    test disks in $out: mounted.img spare.img fs.img"
