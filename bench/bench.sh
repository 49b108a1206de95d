#!/usr/bin/env bash
# make bench: image sizes, boot-to-locked time, hook overhead and the
# unlock password's cost, measured
# the same way every time, after the build figures that the Makefile's
# bench target measured into BENCH_OUT/raw.txt. Prints one table, writes
# the raw figures to BENCH_OUT/results.json and the table to BENCHMARKS.md.
#
#   bench.sh BUILD_DIR KERNEL BENCH_OUT PEER_IMAGE [OVERHEAD_KERNEL...]
#
# What it measures comes from make's manifests (scripts/outputs.sh): the
# product's image, initramfs, FIT and disk, the locked and Debian's U-Boot
# with their control trees, and the test kernel with its test initramfs for
# the hook overhead (the product kernel ignores the lsm= of the boot
# without seclvl). PEER_IMAGE is the kernel a Buildroot user boots on this
# board, built by make bench; with Debian's arm64 kernel it is the product
# kernel's peer for Image size and boot to /init. The hook overhead is
# measured on the test kernel of each OVERHEAD_KERNEL (default: KERNEL):
# 6.1 calls LSM hooks through a list, 6.12 through static calls.
set -euo pipefail

here=$(dirname "$0")
scripts=$here/../scripts
# shellcheck source=scripts/log.sh
. "$scripts/log.sh"
# shellcheck source=scripts/outputs.sh
. "$scripts/outputs.sh"

[ "$#" -ge 4 ] || die "usage: bench.sh BUILD_DIR KERNEL BENCH_OUT PEER_IMAGE [OVERHEAD_KERNEL...] (run through 'make bench')"
declare -A shared product test
build=$1
read_outputs shared "$build/outputs.env"
read_outputs product "$build/$2/product/outputs.env"
read_outputs test "$build/$2/test/outputs.env"
out=$3
PEER_IMAGE=$4
shift 4
overhead_kernels=("$@")
[ "${#overhead_kernels[@]}" -gt 0 ] || overhead_kernels=("${test[KERNEL]}")
BOARD_CONF=${shared[BOARD_CONF]}
# the board's toolchain prefix and UART (the QEMU floor stub)
# shellcheck source=board/qemu-virt/board.conf
. "$BOARD_CONF"
IMAGE=${product[IMAGE]} ROOTFS=${product[ROOTFS]} FIT=${product[FIT]} DISK=${product[DISK]}
boots=${BENCH_BOOTS:-5}
raw=$out/raw.txt
[ -s "$raw" ] || die "$raw has no build figures (run through 'make bench')"

record() {
	printf '%s %s\n' "$1" "$2" >>"$raw"
}

# ---- sizes ----------------------------------------------------------------
stage_begin "sizes"
size() { stat -c %s "$1"; }
record size_image "$(size "$IMAGE")"
record size_image_gz "$(gzip -9 -n -c "$IMAGE" | wc -c)"
record size_test_image "$(size "${test[IMAGE]}")"
record size_initramfs "$(size "$ROOTFS")"
record size_fit "$(size "$FIT")"
record size_disk "$(size "$DISK")"
record size_disk_allocated "$(($(stat -c %b "$DISK") * $(stat -c %B "$DISK")))"

# Debian's own arm64 kernel, measured the same way
deb_dir=$out/debian-kernel
if [ ! -d "$deb_dir/boot" ]; then
	pkg=$(apt-cache depends linux-image-arm64:arm64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9].*-arm64\)\(:arm64\)\?$/\1/p' | head -n 1)
	[ -n "$pkg" ] || die "cannot find Debian's arm64 kernel package (apt-get update?)"
	dl=$(mktemp -d)
	chmod 755 "$dl"
	chown _apt "$dl" 2>/dev/null || true
	(cd "$dl" && apt-get download -q "$pkg:arm64" >/dev/null 2>&1) ||
		die "apt-get download $pkg:arm64 failed"
	rm -rf "$deb_dir"
	mkdir -p "$deb_dir"
	dpkg-deb -x "$dl"/*.deb "$deb_dir"
	echo "$pkg $(dpkg-deb -f "$dl"/*.deb Version)" >"$deb_dir/PACKAGE"
	rm -rf "$dl"
fi
record debian_package "$(tr ' ' '_' <"$deb_dir/PACKAGE")"
record debian_vmlinuz "$(size "$(echo "$deb_dir"/boot/vmlinuz-*)")"
record debian_modules "$(du -sb "$deb_dir"/lib/modules/* | cut -f1)"
DEBIAN_VMLINUZ=$(echo "$deb_dir"/boot/vmlinuz-*)
# arm64's vmlinuz is the Image itself unless it is gzipped
if gzip -t "$DEBIAN_VMLINUZ" 2>/dev/null; then
	record size_debian_image "$(gzip -dc "$DEBIAN_VMLINUZ" | wc -c)"
else
	record size_debian_image "$(size "$DEBIAN_VMLINUZ")"
fi
record size_debian_image_gz "$(gzip -9 -n -c "$DEBIAN_VMLINUZ" | wc -c)"
record size_buildroot_image "$(size "$PEER_IMAGE")"
record size_buildroot_image_gz "$(gzip -9 -n -c "$PEER_IMAGE" | wc -c)"
stage_end

# ---- boot to /init: the product kernel and its peers ----------------------
# The same initramfs and command line for the three kernels: an /init
# that prints one line and powers off. Timed to that line. And the floor
# of them all: an Image that prints a line at its first instruction.
stage_begin "boot to /init: $boots boots each of the product, Buildroot's and Debian's kernel, and QEMU's floor"
floor=$out/qemu-floor
"${CROSS_COMPILE}gcc" -nostdlib -static -DUART_BASE="$UART_BASE" -Wl,-Ttext=0 \
	-Wl,--build-id=none -o "$floor.elf" "$here/qemu-floor.S"
"${CROSS_COMPILE}objcopy" -O binary -j .text "$floor.elf" "$floor.Image"
init_dir=$out/init-only
rm -rf "$init_dir" && mkdir -p "$init_dir/root/bin" "$init_dir/root/dev"
cp "${shared[BUSYBOX]}" "$init_dir/root/bin/busybox"
printf '%s\n' '#!/bin/busybox sh' '/bin/busybox echo "bench: /init reached"' \
	'/bin/busybox poweroff -f' >"$init_dir/root/init"
chmod 755 "$init_dir/root/init"
mknod -m 600 "$init_dir/root/dev/console" c 5 1
(cd "$init_dir/root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -n >"$init_dir/initramfs.cpio.gz"
for i in $(seq "$boots"); do
	for k in floor product buildroot debian; do
		marker="bench: /init reached"
		case $k in
		floor) kimage=$floor.Image marker="bench: first guest instruction" ;;
		product) kimage=$IMAGE ;;
		buildroot) kimage=$PEER_IMAGE ;;
		debian) kimage=$DEBIAN_VMLINUZ ;;
		esac
		t=$("$here/time-boot.py" 120 "$marker" "$out/init-$k-$i.log" -- \
			"$scripts/run-qemu.sh" "$BOARD_CONF" direct "$kimage" "$init_dir/initramfs.cpio.gz" quiet --batch)
		record "boot_init_${k}_s" "$t"
	done
done
stage_end

# ---- boot to locked -------------------------------------------------------
stage_begin "boot to the lock banner: $boots boots each direct, locked U-Boot, Debian's U-Boot"
marker="appliance-state: locked"
for i in $(seq "$boots"); do
	cp "$DISK" "$out/boot.img"
	t=$("$here/time-boot.py" 120 "$marker" "$out/boot-direct-$i.log" -- \
		"$scripts/run-qemu.sh" "$BOARD_CONF" direct "$IMAGE" "$ROOTFS" quiet \
		--data "$out/boot.img" --batch)
	record boot_direct_s "$t"
	cp "$DISK" "$out/boot.img"
	t=$("$here/time-boot.py" 120 "$marker" "$out/boot-uboot-$i.log" -- \
		"$scripts/run-qemu.sh" "$BOARD_CONF" uboot "${shared[UBOOT_LOCKED]}" "$out/boot.img" \
		--dtb "${shared[CONTROL_DTB_NORMAL]}" --batch)
	record boot_uboot_s "$t"
	cp "$DISK" "$out/boot.img"
	t=$("$here/time-boot.py" 120 "$marker" "$out/boot-uboot-debian-$i.log" -- \
		"$scripts/run-qemu.sh" "$BOARD_CONF" uboot "${shared[UBOOT_DEBIAN]}" "$out/boot.img" \
		--dtb "${shared[CONTROL_DTB_DEBIAN]}" --batch)
	record boot_uboot_debian_s "$t"
done
stage_end

# ---- hook overhead --------------------------------------------------------
stage_begin "hook overhead: the same kernel with seclvl at level 2, and without seclvl (${overhead_kernels[*]})"
# Wall-clock timing under TCG drifts by tens of percent from run to run;
# with -icount the guest's clock counts executed instructions instead, so
# each figure is the number of guest instructions an operation costs, the
# same from boot to boot. Two boots of each kernel, alternated.
declare -A ktest
for k in "${overhead_kernels[@]}"; do
	read_outputs ktest "$build/$k/test/outputs.env"
	for pair in 1 2; do
		for mode in without with; do
			args="panic=-1 rdinit=/tests/init seclvl_test=bench"
			[ "$mode" = without ] && args+=" lsm=capability"
			log=$out/overhead-$k-$mode-$pair.log
			timeout 600 "$scripts/run-qemu.sh" "$BOARD_CONF" direct "${ktest[IMAGE]}" "${ktest[ROOTFS_TEST]}" \
				"$args" --batch --icount >"$log" 2>&1 || true
			grep -q '^seclvl-tests: done' "$log" ||
				die "overhead boot ($k, $mode) did not finish (log: $log)"
			sed -n "s/^bench repeat=[0-9]* op=\([^ ]*\) iterations=[0-9]* ns_per_op=\([0-9.]*\).*/overhead_${mode}@$k@\1 \2/p" \
				"$log" >>"$raw"
			# the unlock password's verification (with seclvl only)
			sed -n "s/^bench unlock repeat=[0-9]* iterations=\([0-9]*\) ns_per_verification=\([0-9]*\).*/unlock@$k@\1 \2/p" \
				"$log" >>"$raw"
		done
	done
	grep -q '^bench: seclvl level 2' "$out/overhead-$k-with-1.log" || die "$k: seclvl was not at level 2"
	grep -q '^bench: seclvl not active' "$out/overhead-$k-without-1.log" || die "$k: seclvl was active with lsm="
	grep -q '^bench unlock ' "$out/overhead-$k-with-1.log" || die "$k: the unlock password was not timed"
done
stage_end

# ---- report ---------------------------------------------------------------
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	dirty=" (with uncommitted changes)"
fi
python3 "$here/bench-report.py" "$raw" "$out/results.json" "$out/table.md" \
	"$commit$dirty" "$(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB, $(. /etc/os-release && echo "$PRETTY_NAME")" \
	"$out"
cat "$out/table.md"
cp "$out/table.md" BENCHMARKS.md
echo "bench: raw figures in $out/results.json, table in BENCHMARKS.md"
