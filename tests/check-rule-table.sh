#!/usr/bin/env bash
# The rule table of the seclvl documentation and the test names must line
# up one to one: every rule id in the table names tests that ran, and every
# [rule-id] of a test that ran is a rule of the table. Reads the TAP lines
# of the serial log of the levels boot.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

[ "$#" -eq 2 ] || die "usage: check-rule-table.sh SECLVL_RST TEST_LOG"
doc=$1 log=$2

# rows of the rule table: "<id>  <level 0-2>  <text>"
doc_ids=$(grep -oE '^[a-z]+(-[a-z]+)* +[0-2] ' "$doc" | awk '{print $1}' | sort -u)
test_ids=$(sed -nE 's/^(not )?ok [0-9]+ global\.([a-z]+(_[a-z]+)*)__.*/\2/p' "$log" | tr '_' '-' | sort -u)
[ -n "$doc_ids" ] || die "no rule table found in $doc"

if [ "$doc_ids" != "$test_ids" ]; then
	echo "only in the documentation: $(comm -23 <(echo "$doc_ids") <(echo "$test_ids") | xargs)"
	echo "only in the tests: $(comm -13 <(echo "$doc_ids") <(echo "$test_ids") | xargs)"
	exit 1
fi
echo "rule table and tests agree on $(echo "$doc_ids" | wc -l) rules: $(echo "$doc_ids" | xargs)"
