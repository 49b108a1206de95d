#!/usr/bin/env bash
# Install the host packages the pipeline needs, the kernel sources of the
# kernels asked for, and unpack Debian's arm64 busybox-static under build/.
# Idempotent: with everything present it prints nothing and returns at once.
#
#   install-deps.sh KERNEL...   e.g. 6.1 6.12: linux-source-6.1 linux-source-6.12
#   install-deps.sh default|all the host's kernel, or every kernel it offers
#
# Exact package names only: what got installed is checked to be what was
# asked for (apt takes a dotted name that matches no package as a pattern).
set -euo pipefail

BUILD_DIR=${BUILD_DIR:-build}
BUSYBOX_DIR=$BUILD_DIR/busybox

[ "$#" -gt 0 ] || { echo "usage: install-deps.sh KERNEL..." >&2; exit 2; }
HOST_PACKAGES=(
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc libc6-dev make
	qemu-system-arm u-boot-tools u-boot-qemu device-tree-compiler
	bc bison flex cpio e2fsprogs fdisk ccache shellcheck pyflakes3 sparse
	libssl-dev libelf-dev openssl xz-utils perl python3 python3-libfdt dpkg-dev git kmod
)

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

export DEBIAN_FRONTEND=noninteractive
updated=0
apt_update() {
	[ "$updated" -eq 1 ] && return
	[ "$(id -u)" -eq 0 ] || die "apt has no package lists and this is not root: run 'apt-get update' as root"
	apt-get update -q
	updated=1
}

# default / all: the host's kernel, or every kernel it offers
# (scripts/host-kernels.sh); apt needs its package lists to tell
case "$*" in
default | all)
	"$(dirname "$0")/apt-offers.sh" linux-source || apt_update
	mapfile -t kernels < <("$(dirname "$0")/host-kernels.sh" "$1")
	[ "${#kernels[@]}" -gt 0 ] || die "no kernel of kernel-patches/ is offered by this host's apt"
	set -- "${kernels[@]}"
	;;
esac
for k in "$@"; do
	[[ "$k" =~ ^[0-9]+\.[0-9]+$ ]] || die "not a kernel version: '$k'"
	HOST_PACKAGES+=("linux-source-$k")
done

missing=()
for pkg in "${HOST_PACKAGES[@]}"; do
	if ! dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qx installed; then
		missing+=("$pkg")
	fi
done

need_arm64=0
[ -x "$BUSYBOX_DIR/busybox" ] || need_arm64=1

if [ "${#missing[@]}" -eq 0 ] && [ "$need_arm64" -eq 0 ]; then
	exit 0
fi

[ "$(id -u)" -eq 0 ] || die "packages missing (${missing[*]:-busybox-static:arm64}); run as root or install them"

if [ "${#missing[@]}" -gt 0 ]; then
	stage_begin "install host packages: ${missing[*]}"
	apt_update
	for pkg in "${missing[@]}"; do
		"$(dirname "$0")/apt-offers.sh" "$pkg" ||
			die "apt offers no package named exactly $pkg on this host"
	done
	apt-get install -y -q --no-install-recommends "${missing[@]}"
	for pkg in "${missing[@]}"; do
		dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qx installed ||
			die "apt did not install $pkg (what it installed instead is in the log above)"
	done
	stage_end
fi

if [ "$need_arm64" -eq 1 ]; then
	stage_begin "unpack busybox-static:arm64 into $BUSYBOX_DIR"
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		dpkg --add-architecture arm64
		updated=0
	fi
	apt_update
	dl=$(mktemp -d)
	# apt downloads as the _apt user when it can write the directory
	chmod 755 "$dl"
	chown _apt "$dl" 2>/dev/null || true
	(cd "$dl" && apt-get download -q busybox-static:arm64)
	rm -rf "$BUSYBOX_DIR"
	mkdir -p "$BUSYBOX_DIR"
	deb=$(echo "$dl"/busybox-static_*_arm64.deb)
	# where the package puts busybox (bin/ on Debian 12, usr/bin/ on the
	# merged-/usr Debian 13): asked of the package, not assumed
	path=$(dpkg-deb -c "$deb" | awk '$6 ~ /\/bin\/busybox$/ { print $6; exit }')
	[ -n "$path" ] || die "busybox-static:arm64 ships no bin/busybox"
	unpacked=$dl/unpacked
	dpkg-deb -x "$deb" "$unpacked"
	cp "$unpacked/$path" "$BUSYBOX_DIR/busybox"
	dpkg-deb -f "$deb" Version >"$BUSYBOX_DIR/VERSION"
	rm -rf "$dl"
	file_out=$(od -An -tx1 -j18 -N2 "$BUSYBOX_DIR/busybox" | tr -d ' ')
	[ "$file_out" = "b700" ] || die "unpacked busybox is not an aarch64 ELF (e_machine $file_out)"
	stage_end
fi
