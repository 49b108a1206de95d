#!/usr/bin/env bash
# Check that the cover letter describes the series that is applied: every
# patch's subject is in its shortlog, its diffstat summary is the series'
# own, and it answers the "why not X" question for each of the kernel's
# existing tools (one section line each).
#
#   check-cover-letter.sh COVER_LETTER LINUX_SRC
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

[ "$#" -eq 2 ] || die "usage: check-cover-letter.sh COVER_LETTER LINUX_SRC"
cover=$1 src=$2
[ -f "$cover" ] || die "no cover letter: $cover"
status=0

mapfile -t subjects < <(git -C "$src" log --reverse --format=%s base..HEAD)
[ "${#subjects[@]}" -gt 0 ] || die "no patches applied in $src"
grep -q "^Subject: \[PATCH 0*/${#subjects[@]}\] " "$cover" ||
	{ echo "subject does not number ${#subjects[@]} patches"; status=1; }
# the shortlog folds long subjects: compare with the folding undone
shortlog=$(sed -n '/^.* ([0-9]*):$/,/^$/p' "$cover" | tr -s ' \n' ' ')
for s in "${subjects[@]}"; do
	grep -qF -- " $s " <<<"$shortlog " ||
		{ echo "not in the shortlog: $s"; status=1; }
done

want=$(git -C "$src" diff --shortstat base..HEAD | sed 's/^ *//')
grep -qxF -- " $want" "$cover" ||
	{ echo "diffstat is not the series' ($want)"; status=1; }

for tool in 'capability bounding set' 'modules_disabled' 'kexec_load_disabled' \
	"Lockdown's runtime switch" "Yama's ptrace_scope=3" 'LoadPin' \
	'CONFIG_BLK_DEV_WRITE_MOUNTED'; do
	grep -q -- "^- .*$tool" "$cover" ||
		{ echo "no answer for: $tool"; status=1; }
done
[ "$status" -eq 0 ] && echo "cover letter matches the ${#subjects[@]} patches applied"
exit "$status"
