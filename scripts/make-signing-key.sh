#!/usr/bin/env bash
# Generate an RSA-2048 FIT signing key pair, KEY_DIR/NAME.key (private)
# and KEY_DIR/NAME.crt (self-signed certificate: mkimage takes the public
# key from it), for development. An existing key is never overwritten:
# bring your own by putting NAME.key and NAME.crt in KEY_DIR.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: make-signing-key.sh KEY_DIR NAME"
[ "$#" -eq 2 ] || die "$usage"
dir=$1 name=$2

if [ -e "$dir/$name.key" ] || [ -e "$dir/$name.crt" ]; then
	if [ ! -s "$dir/$name.key" ] || [ ! -s "$dir/$name.crt" ]; then
		die "$dir has only half of the key pair '$name' (need $name.key and $name.crt)"
	fi
	exit 0
fi

stage_begin "FIT signing key $dir/$name (development key, RSA-2048)"
mkdir -p "$dir"
chmod 700 "$dir"
(
	umask 077
	openssl genpkey -quiet -algorithm RSA -pkeyopt rsa_keygen_bits:2048 \
		-out "$dir/$name.key.tmp"
)
openssl req -batch -new -x509 -days 3650 -key "$dir/$name.key.tmp" \
	-subj "/CN=seclvl appliance development FIT key ($name)" \
	-out "$dir/$name.crt.tmp"
mv "$dir/$name.crt.tmp" "$dir/$name.crt"
mv "$dir/$name.key.tmp" "$dir/$name.key"
echo "    $dir/$name.key: development key, not for production (docs/verified-boot.md)"
stage_end
