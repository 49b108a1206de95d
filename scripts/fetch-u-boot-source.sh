#!/usr/bin/env bash
# Fetch and unpack Debian's own u-boot source package, the version of the
# host's installed u-boot-qemu (the stock binary the locked build is
# compared with), into OUT_DIR, with Debian's patches applied.
#
#   fetch-u-boot-source.sh OUT_DIR
#
# apt runs with a private configuration under OUT_DIR (deb-src entries made
# from the host's own deb entries, private lists): nothing in the host's
# apt configuration changes. Cached: OUT_DIR/VERSION names what is
# unpacked in OUT_DIR/src, and nothing is fetched while it matches.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

[ "$#" -eq 1 ] || die "usage: fetch-u-boot-source.sh OUT_DIR"
out=$1

version=$(dpkg-query -W -f='${source:Version}' u-boot-qemu 2>/dev/null) ||
	die "u-boot-qemu is not installed: run 'make deps'"
[ -n "$version" ] || die "cannot read the source version of u-boot-qemu"
if [ -f "$out/VERSION" ] && [ "$(cat "$out/VERSION")" = "$version" ] &&
	[ -f "$out/src/Makefile" ]; then
	exit 0
fi

stage_begin "fetch Debian's u-boot source $version"
apt_dir=$out/apt
rm -rf "$out"
mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$out/dl"

# deb-src twins of the host's Debian entries, one-line and deb822 formats
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
	[ -f "$f" ] || continue
	sed -n 's/^[[:space:]]*deb[[:space:]]\(.*debian.*\)$/deb-src \1/p' "$f"
done >"$apt_dir/sources.list.d/host.list"
for f in /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	grep -q 'debian' "$f" || continue
	sed 's/^Types:.*/Types: deb-src/' "$f" >"$apt_dir/sources.list.d/${f##*/}"
done
apt_opts=(-o "Dir::Etc::sourcelist=/dev/null"
	-o "Dir::Etc::sourceparts=$(realpath "$apt_dir/sources.list.d")"
	-o "Dir::State::lists=$(realpath "$apt_dir/lists")"
	-o "Debug::NoLocking=1")
apt-get "${apt_opts[@]}" -q update >"$out/apt-update.log" 2>&1 ||
	die "apt-get update of the deb-src entries failed (log: $out/apt-update.log)"
# The files of the source package, each checked against the hash of the
# Sources index (signed by the release file), downloaded by apt's own
# helper (as the _apt user when it can write the directory)
chmod 755 "$out/dl"
chown _apt "$out/dl" 2>/dev/null || true
apt-get "${apt_opts[@]}" -q source --print-uris "u-boot=$version" >"$out/apt-source.log" 2>&1 ||
	die "apt-get source --print-uris u-boot=$version failed (log: $out/apt-source.log)"
mapfile -t files < <(sed -n "s/^'\([^']*\)' \([^ ]*\) [0-9]* \([A-Za-z0-9]*:[0-9a-f]*\)\$/\1 \2 \3/p" \
	"$out/apt-source.log")
[ "${#files[@]}" -gt 0 ] || die "apt names no file of u-boot=$version (log: $out/apt-source.log)"
dsc=
for f in "${files[@]}"; do
	read -r uri name hash <<<"$f"
	if /usr/lib/apt/apt-helper download-file "$uri" "$out/dl/$name" "$hash" \
		>>"$out/apt-source.log" 2>&1; then
		[[ "$name" == *.dsc ]] && dsc=$out/dl/$name
	elif [[ "$name" != *.dsc ]]; then
		die "cannot download $name of u-boot=$version (log: $out/apt-source.log)"
	fi
done
if [ -n "$dsc" ]; then
	dpkg-source -x "$dsc" "$out/src" >"$out/dpkg-source.log" 2>&1 ||
		die "dpkg-source -x $dsc failed (log: $out/dpkg-source.log)"
else
	# A mirror without the .dsc (seen on partial mirrors): what
	# dpkg-source -x does for a 3.0 (quilt) package, from the same
	# verified tarballs: the upstream tree, debian/, the patch series
	echo "    the mirror has no .dsc of u-boot=$version: unpacking its verified tarballs"
	orig='' deb=''
	for f in "$out"/dl/*; do
		case $f in
		*.asc) ;;
		*.orig.tar.*) orig=$f ;;
		*.debian.tar.*) deb=$f ;;
		esac
	done
	if [ -z "$orig" ] || [ -z "$deb" ]; then
		die "no orig and debian tarballs of u-boot=$version"
	fi
	mkdir -p "$out/src"
	tar -xf "$orig" -C "$out/src" --strip-components=1
	tar -xf "$deb" -C "$out/src"
	[ "$(cat "$out/src/debian/source/format")" = "3.0 (quilt)" ] ||
		die "u-boot=$version is not a 3.0 (quilt) source package"
	if [ -f "$out/src/debian/patches/series" ]; then
		while read -r patch _; do
			case $patch in '' | '#'*) continue ;; esac
			patch -d "$out/src" -p1 -s -N -F 0 --no-backup-if-mismatch \
				<"$out/src/debian/patches/$patch" >>"$out/dpkg-source.log" 2>&1 ||
				die "Debian's patch $patch does not apply (log: $out/dpkg-source.log)"
		done <"$out/src/debian/patches/series"
	fi
fi
rm -rf "$out/dl"
echo "$version" >"$out/VERSION"
echo "    $(du -sh "$out/src" | cut -f1) in $out/src"
stage_end
