# shellcheck shell=bash
# The manifests of the build outputs that make writes (build/outputs.env,
# the shared outputs, and build/VARIANT/outputs.env, the variant's): one
# NAME=path a line. Sourced by the scripts that use what several makes
# built (tests/check.sh, bench/bench.sh, tests/reproducible-check.sh);
# needs scripts/log.sh.

# read_outputs ARRAY FILE: FILE into the associative array ARRAY (declared
# by the caller: declare -A ARRAY). A name missing from it is an unbound
# variable under set -u when used.
# shellcheck disable=SC2034 # outputs_ is a nameref: it sets the caller's array
read_outputs() {
	local -n outputs_=$1
	local line
	[ -f "$2" ] || die "$2 not found (written by make)"
	while IFS= read -r line; do
		[ -n "$line" ] && outputs_[${line%%=*}]=${line#*=}
	done <"$2"
	return 0
}
