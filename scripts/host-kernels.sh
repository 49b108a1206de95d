#!/usr/bin/env bash
# Which kernels this host builds: the series of kernel-patches/ (one folder
# per kernel, named by its version) whose Debian source package
# linux-source-VERSION this host's apt offers.
#
#   host-kernels.sh default   the kernel the linux-source meta package
#                             depends on (Debian 12: 6.1, Debian 13: 6.12)
#   host-kernels.sh all       every kernel of kernel-patches/ this host can
#                             install, oldest first
#
# Exact package names only: apt takes a dotted name that matches no package
# as a pattern (linux-source-6.1 on Debian 13 installs linux-source-6.12),
# so a kernel counts only when apt knows a package of exactly that name.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

top=$(dirname "$0")/..
mapfile -t series < <(cd "$top/kernel-patches" && printf '%s\n' */ | tr -d / | sort -V)

# offered PACKAGE: apt has a candidate of exactly that name
offered() {
	"$(dirname "$0")/apt-offers.sh" "$1"
}

case "${1:-}" in
default)
	deps=$(apt-cache depends linux-source 2>/dev/null) || deps=
	k=$(sed -n 's/^ *Depends: linux-source-\([0-9][0-9.]*\)$/\1/p' <<<"$deps" | head -n 1)
	[ -n "$k" ] || die "apt does not know the linux-source package (run 'apt-get update' or 'make deps'), or set KERNEL= (one of: ${series[*]})"
	[ -d "$top/kernel-patches/$k" ] ||
		die "linux-source depends on linux-source-$k, for which kernel-patches/ has no series (set KERNEL= to one of: ${series[*]})"
	echo "$k"
	;;
all)
	for k in "${series[@]}"; do
		if offered "linux-source-$k"; then echo "$k"; fi
	done
	;;
*)
	die "usage: host-kernels.sh default|all"
	;;
esac
