#!/usr/bin/env bash
# Install the host packages the pipeline needs, and unpack Debian's arm64
# busybox-static under build/. Idempotent: with everything present it prints
# nothing and returns at once.
set -euo pipefail

BUILD_DIR=${BUILD_DIR:-build}
BUSYBOX_DIR=$BUILD_DIR/busybox

HOST_PACKAGES=(
	linux-source-6.1 gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc libc6-dev make
	qemu-system-arm u-boot-tools u-boot-qemu device-tree-compiler
	bc bison flex cpio e2fsprogs fdisk ccache shellcheck pyflakes3 sparse
	libssl-dev libelf-dev openssl xz-utils perl python3 python3-libfdt dpkg-dev git kmod
)

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

missing=()
for pkg in "${HOST_PACKAGES[@]}"; do
	if ! dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qx installed; then
		missing+=("$pkg")
	fi
done

need_arm64=0
[ -x "$BUSYBOX_DIR/bin/busybox" ] || need_arm64=1

if [ "${#missing[@]}" -eq 0 ] && [ "$need_arm64" -eq 0 ]; then
	exit 0
fi

[ "$(id -u)" -eq 0 ] || die "packages missing (${missing[*]:-busybox-static:arm64}); run as root or install them"

export DEBIAN_FRONTEND=noninteractive
updated=0
apt_update() {
	[ "$updated" -eq 1 ] && return
	apt-get update -q
	updated=1
}

if [ "${#missing[@]}" -gt 0 ]; then
	stage_begin "install host packages: ${missing[*]}"
	apt_update
	apt-get install -y -q --no-install-recommends "${missing[@]}"
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
	dpkg-deb -x "$deb" "$BUSYBOX_DIR"
	dpkg-deb -f "$deb" Version >"$BUSYBOX_DIR/VERSION"
	rm -rf "$dl"
	file_out=$(od -An -tx1 -j18 -N2 "$BUSYBOX_DIR/bin/busybox" | tr -d ' ')
	[ "$file_out" = "b700" ] || die "unpacked busybox is not an aarch64 ELF (e_machine $file_out)"
	stage_end
fi
