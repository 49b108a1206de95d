# shellcheck shell=bash
# Log helpers sourced by every script of the project: every stage says what it
# does when it starts and how long it took when it ends, and errors go to
# stderr with the script's name so unattended logs stay readable.

stage_begin() {
	STAGE_NAME=$1
	STAGE_START=$(date +%s)
	printf '>>> %s\n' "$STAGE_NAME"
}

stage_end() {
	printf '<<< %s (%ss)\n' "$STAGE_NAME" "$(($(date +%s) - STAGE_START))"
}

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}
