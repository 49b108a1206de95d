#!/usr/bin/env bash
# Fail, naming each one, when an option requested by a config fragment did
# not end up with the requested value in the final .config (a missing
# dependency silently drops it, and merge_config's warnings scroll past).
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

CONFIG=${1:?usage: check-kernel-config.sh .config FRAGMENT...}
shift
[ "$#" -gt 0 ] || die "no fragments given"

[ -r "$CONFIG" ] || die "$CONFIG not found"

bad=0
checked=0
for frag in "$@"; do
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			opt=${line%%=*}
			want=$line
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			want="# $opt is not set"
			;;
		*) continue ;;
		esac
		checked=$((checked + 1))
		have=$(grep -E "^($opt=|# $opt is not set)" "$CONFIG" || true)
		# an unset option may also be absent (its menu is disabled)
		if [ "$want" = "# $opt is not set" ] && [ -z "$have" ]; then
			continue
		fi
		if [ "$have" != "$want" ]; then
			printf '%s: %s requested "%s", got "%s"\n' "${frag##*/}" "$opt" \
				"$want" "${have:-(absent: a dependency is missing)}" >&2
			bad=$((bad + 1))
		fi
	done <"$frag"
done

[ "$bad" -eq 0 ] || die "$bad of $checked requested option(s) did not end up set in $CONFIG"
printf 'config check: all %d requested options set as requested\n' "$checked"
