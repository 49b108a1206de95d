#!/usr/bin/env bash
# Build the whole product pipeline twice from clean, in two different
# build directories, and compare the sha256 of the Image, the initramfs and
# the signed FIT, the locked U-Boot and its control device tree. ccache is used with CCACHE_BASEDIR so that the second build may hit
# the cache of the first: ccache returns the compiler's own output, so
# hits do not hide a difference.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

top=$(pwd)
base=${1:-build/repro}
export CCACHE_BASEDIR=$top/${base%/*}
artifacts=(linux-build-product/arch/arm64/boot/Image rootfs-product.cpio.gz
	appliance-product.itb u-boot-locked.bin u-boot-control-normal.dtb)
# both builds sign with the same key (a signature depends on nothing else)
keys=$base-keys
"$(dirname "$0")/../scripts/make-signing-key.sh" "$keys" dev

for run in a b; do
	rm -rf "$base-$run"
	stage_begin "clean build $run in $base-$run"
	make -s BUILD_DIR="$base-$run" KEY_DIR="$top/$keys" all >"$base-$run.log" 2>&1 ||
		die "build $run failed (log: $base-$run.log)"
	stage_end
done

same=0
for a in "${artifacts[@]}"; do
	sa=$(sha256sum <"$base-a/$a" | cut -d' ' -f1)
	sb=$(sha256sum <"$base-b/$a" | cut -d' ' -f1)
	if [ "$sa" = "$sb" ]; then
		echo "identical  $sa  $a"
		same=$((same + 1))
	else
		echo "DIFFERENT  $sa  $sb  $a"
	fi
done
[ "$same" -eq "${#artifacts[@]}" ] || die "the two clean builds differ"
echo "reproducible: ${#artifacts[@]} of ${#artifacts[@]} artefacts identical"
