#!/usr/bin/env bash
# Generate the appliance's development unlock password, KEY_DIR/NAME (the
# password, readable by its owner only) and KEY_DIR/NAME.hash (its
# PBKDF2-HMAC-SHA256 derivation, the line the appliance's rcS writes to
# /sys/kernel/security/seclvl/passwd_hash before the lock). An existing
# pair is never overwritten: bring your own by putting NAME.hash (and, for
# your own use, NAME) in KEY_DIR, or point the build's UNLOCK_HASH at it.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: make-unlock-password.sh KEY_DIR NAME"
[ "$#" -eq 2 ] || die "$usage"
dir=$1 name=$2

if [ -e "$dir/$name.hash" ]; then
	[ -s "$dir/$name.hash" ] || die "$dir/$name.hash is empty"
	exit 0
fi

stage_begin "unlock password $dir/$name (development password, PBKDF2-HMAC-SHA256, 100000 iterations)"
mkdir -p "$dir"
chmod 700 "$dir"
(
	umask 077
	python3 -c 'import secrets; print(secrets.token_urlsafe(18))' >"$dir/$name.tmp"
)
"$(dirname "$0")/seclvl-passwd.py" <"$dir/$name.tmp" >"$dir/$name.hash.tmp"
mv "$dir/$name.tmp" "$dir/$name"
mv "$dir/$name.hash.tmp" "$dir/$name.hash"
echo "    $dir/$name: development password, not for production (docs/verified-boot.md, Unlocking)"
stage_end
