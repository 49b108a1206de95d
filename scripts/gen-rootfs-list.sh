#!/usr/bin/env bash
# Print a gen_init_cpio file list for the appliance rootfs: the standard
# directories, /dev/console, busybox, then each overlay directory in order
# (rootfs/ skeleton first). Every owner is root and every mode explicit, so
# the archive is the same whoever builds it, and no root is needed.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: gen-rootfs-list.sh BUSYBOX OVERLAY_DIR..."
busybox=${1:?$usage}
shift
[ "$#" -gt 0 ] || die "$usage"
[ -x "$busybox" ] || die "busybox not found at $busybox: run 'make deps'"

declare -A seen
emit_dir() {
	[ -n "${seen[$1]:-}" ] && return
	seen[$1]=1
	echo "dir $1 0755 0 0"
}

for d in /bin /sbin /usr /usr/bin /usr/sbin /dev /etc /lib /lib/modules \
	/proc /sys /tmp /run /data /root /var; do
	emit_dir "$d"
done
echo "nod /dev/console 0600 0 0 c 5 1"
echo "file /bin/busybox $(realpath "$busybox") 0755 0 0"
echo "slink /bin/sh busybox 0777 0 0"
echo "slink /sbin/init ../bin/busybox 0777 0 0"
echo "slink /init bin/busybox 0777 0 0"

for overlay in "$@"; do
	[ -d "$overlay" ] || die "overlay $overlay is not a directory"
	root=$(realpath "$overlay")
	while IFS= read -r rel; do
		path=${rel#.}
		src=$root$path
		if [ -L "$src" ]; then
			echo "slink $path $(readlink "$src") 0777 0 0"
		elif [ -d "$src" ]; then
			emit_dir "$path"
		elif [ -x "$src" ]; then
			echo "file $path $src 0755 0 0"
		else
			echo "file $path $src 0644 0 0"
		fi
	done < <(cd "$root" && find . -mindepth 1 | LC_ALL=C sort)
done
