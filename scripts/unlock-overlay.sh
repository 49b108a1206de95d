#!/usr/bin/env bash
# The unlock password's part of the initramfs, in OUT_DIR:
#   rootfs/etc/seclvl-passwd-hash  the derivation HASH_FILE holds, which
#                                  the appliance's rcS sets before the lock
#   tests/tests/unlock-password    the password itself, for the test images
#                                  only, when it is next to HASH_FILE (NAME
#                                  beside NAME.hash: a development password)
# An empty HASH_FILE: no password (both directories empty). STAMP is
# touched only when the contents change, so that the initramfs images
# are packed again only then.
#
#   unlock-overlay.sh HASH_FILE|"" OUT_DIR STAMP
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -eq 3 ] || die "usage: unlock-overlay.sh HASH_FILE|\"\" OUT_DIR STAMP"
hash_file=$1 out=$2 stamp=$3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/rootfs/etc" "$tmp/tests/tests"
if [ -n "$hash_file" ]; then
	[ -f "$hash_file" ] || die "UNLOCK_HASH: $hash_file not found"
	# the same rules as the tool that makes the line
	"$(dirname "$0")/seclvl-passwd.py" --check "$hash_file" ||
		die "UNLOCK_HASH: $hash_file: scripts/seclvl-passwd.py prints such a line"
	head -n 1 "$hash_file" >"$tmp/rootfs/etc/seclvl-passwd-hash"
	password=${hash_file%.hash}
	if [ "$password" != "$hash_file" ] && [ -f "$password" ]; then
		cp "$password" "$tmp/tests/tests/unlock-password"
	fi
fi
if [ ! -e "$stamp" ] || ! diff -r "$tmp" "$out" >/dev/null 2>&1; then
	rm -rf "$out"
	mkdir -p "$(dirname "$out")"
	cp -r "$tmp" "$out"
	chmod -R go-w "$out"
	touch "$stamp"
fi
