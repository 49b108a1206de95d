#!/usr/bin/env bash
# Whether apt has an installation candidate for a package of exactly this
# name. apt-cache policy takes a name that matches no package as a
# pattern (on Debian 13, linux-source-6.1 prints linux-source-6.12's
# policy), so the block of the exact name is looked for.
#
#   apt-offers.sh PACKAGE    exit 0: offered, 1: not
set -euo pipefail

[ "$#" -eq 1 ] || { echo "usage: apt-offers.sh PACKAGE" >&2; exit 2; }
policy=$(apt-cache policy "$1" 2>/dev/null) || exit 1
awk -v want="$1:" '
	/^[^ ]/ { in_pkg = ($0 == want) }
	in_pkg && /^  Candidate: [0-9]/ { found = 1 }
	END { exit !found }' <<<"$policy"
