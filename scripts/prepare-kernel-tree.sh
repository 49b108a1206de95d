#!/usr/bin/env bash
# Extract Debian's linux-source-KERNEL into a git repository under build/
# and apply kernel-patches/KERNEL/*.patch on top of it with `git am`, one
# commit each.
#
#   prepare-kernel-tree.sh SRC_DIR PATCH_DIR KERNEL
#
# The tree is re-extracted when the installed Debian package version changes,
# and the series is re-applied (from the pristine base commit) whenever the
# patch files change. Untouched files keep their timestamps, so an unchanged
# series never triggers a rebuild.
set -euo pipefail

usage="usage: prepare-kernel-tree.sh SRC_DIR PATCH_DIR KERNEL"
SRC_DIR=${1:?$usage}
PATCH_DIR=${2:?$usage}
KERNEL=${3:?$usage}
PACKAGE=linux-source-$KERNEL

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

version=$(dpkg-query -W -f='${Version}' "$PACKAGE" 2>/dev/null) ||
	die "$PACKAGE is not installed: run 'make deps'"
# the source tarball, as the package lists it (not an assumed name)
files=$(dpkg -L "$PACKAGE")
TARBALL=$(grep -m 1 '^/usr/src/.*\.tar\.xz$' <<<"$files") ||
	die "$PACKAGE lists no /usr/src/*.tar.xz"
[ -r "$TARBALL" ] || die "$TARBALL not found: reinstall $PACKAGE"

git_tree() {
	git -C "$SRC_DIR" -c user.name=seclvl-pipeline \
		-c user.email=pipeline@seclvl.invalid -c commit.gpgsign=false "$@"
}

if [ ! -f "$SRC_DIR/.git/seclvl-debian-version" ] ||
	[ "$(cat "$SRC_DIR/.git/seclvl-debian-version")" != "$version" ]; then
	stage_begin "extract $PACKAGE $version into $SRC_DIR"
	rm -rf "$SRC_DIR"
	mkdir -p "$SRC_DIR"
	tar -xJf "$TARBALL" -C "$SRC_DIR" --strip-components=1
	git_tree init -q -b debian
	# Debian's top-level .gitignore ignores "/*": track the pristine tree as is.
	git_tree add -A -f
	GIT_AUTHOR_DATE="@0 +0000" GIT_COMMITTER_DATE="@0 +0000" \
		git_tree commit -q -m "Debian $PACKAGE $version"
	git_tree tag base
	echo "$version" >"$SRC_DIR/.git/seclvl-debian-version"
	stage_end
fi

# every patch but the cover letter, which has no diff to apply
shopt -s nullglob
patches=()
for p in "$PATCH_DIR"/*.patch; do
	[ "${p##*/}" = 0000-cover-letter.patch ] || patches+=("$p")
done
series_id=$(cat /dev/null "${patches[@]}" | sha256sum | cut -d' ' -f1)
stamp=$SRC_DIR/.git/seclvl-series
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$series_id" ] &&
	[ -z "$(git_tree status --porcelain --untracked-files=no)" ]; then
	exit 0
fi

stage_begin "apply ${#patches[@]} patch(es) from $PATCH_DIR"
rm -f "$stamp"
git_tree am --abort >/dev/null 2>&1 || true
git_tree checkout -q -B seclvl base
for p in "${patches[@]}"; do
	if ! git_tree am -q --whitespace=error-all "$(realpath "$p")"; then
		git_tree am --abort >/dev/null 2>&1 || true
		die "patch does not apply: $p"
	fi
	printf '    applied %s\n' "${p##*/}"
done
echo "$series_id" >"$stamp"
stage_end
