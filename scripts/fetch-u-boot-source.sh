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
# apt downloads as the _apt user when it can write the directory
chmod 755 "$out/dl"
chown _apt "$out/dl" 2>/dev/null || true
(cd "$out/dl" && apt-get "${apt_opts[@]}" -q source --download-only "u-boot=$version") \
	>"$out/apt-source.log" 2>&1 ||
	die "apt-get source u-boot=$version failed (log: $out/apt-source.log)"
dsc=$(echo "$out"/dl/u-boot_*.dsc)
[ -f "$dsc" ] || die "no u-boot .dsc downloaded (log: $out/apt-source.log)"
dpkg-source -x "$dsc" "$out/src" >"$out/dpkg-source.log" 2>&1 ||
	die "dpkg-source -x $dsc failed (log: $out/dpkg-source.log)"
rm -rf "$out/dl" "$out"/*.orig.tar.* "$out"/*.debian.tar.*
echo "$version" >"$out/VERSION"
echo "    $(du -sh "$out/src" | cut -f1) in $out/src"
stage_end
