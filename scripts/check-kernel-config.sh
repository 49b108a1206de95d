#!/usr/bin/env bash
# Fail, naming each one, when an option requested by a config fragment did
# not end up with the requested value in the final .config (a missing
# dependency silently drops it, and merge_config's warnings scroll past).
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

CONFIG=${1:?usage: check-kernel-config.sh .config FRAGMENT...}
shift
[ "$#" -gt 0 ] || die "no fragments given"

[ -r "$CONFIG" ] || die "$CONFIG not found"

# The last fragment that names an option wins, as in merge_config.sh.
declare -A want_of from_of
order=()
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
		[ -n "${want_of[$opt]+set}" ] || order+=("$opt")
		want_of[$opt]=$want
		from_of[$opt]=${frag##*/}
	done <"$frag"
done

bad=0
for opt in "${order[@]}"; do
	want=${want_of[$opt]}
	have=$(grep -E "^($opt=|# $opt is not set)" "$CONFIG" || true)
	# an unset option may also be absent (its menu is disabled)
	if [ "$want" = "# $opt is not set" ] && [ -z "$have" ]; then
		continue
	fi
	if [ "$have" != "$want" ]; then
		printf '%s: %s requested "%s", got "%s"\n' "${from_of[$opt]}" "$opt" \
			"$want" "${have:-(absent: a dependency is missing)}" >&2
		bad=$((bad + 1))
	fi
done
checked=${#order[@]}

[ "$bad" -eq 0 ] || die "$bad of $checked requested option(s) did not end up set in $CONFIG"
printf 'config check: all %d requested options set as requested\n' "$checked"
