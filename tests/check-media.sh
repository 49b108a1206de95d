#!/usr/bin/env bash
# After the levels boot, from the host, where the guest cannot lie: the
# medium IMAGE holds the marker "seclvl-allowed:ROUTE" of every ROUTE (each
# was written through that route below the rule's level, so the route does
# reach the medium) and no "seclvl-denied:" marker at all (nothing tried at
# the rule's level got through).
#
#   check-media.sh IMAGE ROUTE...
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

[ "$#" -ge 2 ] || die "usage: check-media.sh IMAGE ROUTE..."
image=$1
shift
[ -f "$image" ] || die "$image not found"
found=$(grep -a -o 'seclvl-\(allowed\|denied\):[a-z0-9-]*' "$image" | sort -u || true)
rc=0
for route in "$@"; do
	if grep -qxF "seclvl-allowed:$route" <<<"$found"; then
		echo "    $image: seclvl-allowed:$route"
	else
		echo "    $image: no marker of the allowed $route write"
		rc=1
	fi
done
if grep -q '^seclvl-denied:' <<<"$found"; then
	echo "    $image: a denied write got through: $(grep '^seclvl-denied:' <<<"$found" | xargs)"
	rc=1
fi
exit "$rc"
