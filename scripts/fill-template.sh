#!/usr/bin/env bash
# Replace each @NAME@ in a template with the value of NAME=value given on
# the command line, and fail on any placeholder left unfilled.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

template=${1:?usage: fill-template.sh TEMPLATE NAME=VALUE...}
shift
text=$(cat "$template")
for kv in "$@"; do
	name=${kv%%=*}
	value=${kv#*=}
	text=${text//@"$name"@/$value}
done
if left=$(grep -o '@[A-Z_]*@' <<<"$text"); then
	die "$template: unfilled placeholder(s): $(echo "$left" | sort -u | tr '\n' ' ')"
fi
printf '%s\n' "$text"
