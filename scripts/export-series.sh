#!/usr/bin/env bash
# Write the series of a kernel tree (its commits base..HEAD) to PATCH_DIR
# as kernel-patches/ keeps it: git format-patch without numbers, commit
# ids or signature, blank context lines without their space, and the
# cover letter's own text kept with its subject, shortlog and diffstat
# regenerated for the series. Patches of PATCH_DIR the series no longer
# has are removed.
#
#   export-series.sh SRC PATCH_DIR
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -eq 2 ] || die "usage: export-series.sh SRC PATCH_DIR"
src=$1 dir=$2
cover=$dir/0000-cover-letter.patch
[ -f "$cover" ] || die "no cover letter in $dir to take the text from"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

git -C "$src" format-patch -q -N --zero-commit --no-signature --cover-letter \
	-o "$tmp" base..HEAD
sed -i 's/^ $//' "$tmp"/0[0-9][0-9][0-9]-*.patch
n=$(find "$tmp" -name '0[0-9][0-9][0-9]-*.patch' ! -name '0000-*' | wc -l)

# the old cover letter's text up to its shortlog ("Author (N):"), with
# the subject's count set to the series'; then the new shortlog and
# diffstat, from the author line on
new_cover=$tmp/0000-cover-letter.patch
{
	sed -n '/^.* ([0-9]*):$/q; p' "$cover" |
		sed "s|^Subject: \[PATCH 0*/[0-9]*\]|Subject: [PATCH $(printf '%02d' 0)/$n]|"
	sed -n '/^.* ([0-9]*):$/,$p' "$new_cover"
} >"$tmp/cover"
mv "$tmp/cover" "$new_cover"

find "$dir" -name '*.patch' -delete
cp "$tmp"/*.patch "$dir"/
echo "    $dir: cover letter and $n patches"
