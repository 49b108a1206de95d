# shellcheck shell=sh
# TAP helpers for the shell suites. A suite calls tap_plan N first, then one
# check per test; the runner fails a suite whose count differs from its plan.

TAP_N=0

tap_plan() {
	echo "TAP version 13"
	echo "# suite: $1"
	echo "1..$2"
}

tap_ok() {
	TAP_N=$((TAP_N + 1))
	echo "ok $TAP_N - $*"
}

tap_not_ok() {
	TAP_N=$((TAP_N + 1))
	echo "not ok $TAP_N - $*"
}

# tap_check DESCRIPTION COMMAND...: ok when COMMAND succeeds
tap_check() {
	desc=$1
	shift
	if "$@"; then
		tap_ok "$desc"
	else
		tap_not_ok "$desc"
	fi
}

# tap_eq DESCRIPTION EXPECTED ACTUAL
tap_eq() {
	if [ "$2" = "$3" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1"
		echo "#   expected: '$2'"
		echo "#   got:      '$3'"
	fi
}
