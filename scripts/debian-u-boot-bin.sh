#!/usr/bin/env bash
# Where Debian's stock u-boot-qemu puts the U-Boot binary of a target,
# asked of dpkg (the package's file list), not assumed.
#
#   debian-u-boot-bin.sh TARGET    e.g. qemu_arm64: prints .../qemu_arm64/u-boot.bin
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -eq 1 ] || die "usage: debian-u-boot-bin.sh TARGET"
files=$(dpkg -L u-boot-qemu 2>/dev/null) ||
	die "u-boot-qemu is not installed: run 'make deps'"
bin=$(grep -m 1 "/$1/u-boot\.bin\$" <<<"$files") ||
	die "u-boot-qemu ships no $1/u-boot.bin"
[ -f "$bin" ] || die "$bin is listed by dpkg but missing: reinstall u-boot-qemu"
echo "$bin"
