#!/usr/bin/env bash
# Build the whole product pipeline twice from clean, in two different
# build directories, and compare the sha256 of the Image, the initramfs and
# the signed FIT, the locked U-Boot and its control device tree. ccache is used with CCACHE_BASEDIR so that the second build may hit
# the cache of the first: ccache returns the compiler's own output, so
# hits do not hide a difference.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"
# shellcheck source=scripts/outputs.sh
. "$(dirname "$0")/../scripts/outputs.sh"

top=$(pwd)
base=${1:-build/repro}
kernel=${2:?usage: reproducible-check.sh BASE KERNEL}
export CCACHE_BASEDIR=$top/${base%/*}
# both builds sign with the same key (a signature depends on nothing else)
keys=$base-keys
"$(dirname "$0")/../scripts/make-signing-key.sh" "$keys" dev

for run in a b; do
	rm -rf "$base-$run"
	stage_begin "clean build $run in $base-$run"
	make -s BUILD_DIR="$base-$run" KERNEL="$kernel" KEY_DIR="$top/$keys" all \
		"$base-$run/outputs.env" "$base-$run/$kernel/product/outputs.env" >"$base-$run.log" 2>&1 ||
		die "build $run failed (log: $base-$run.log)"
	stage_end
done

# the artefacts, as make's manifests of build a name them, relative to it
declare -A shared product
read_outputs shared "$base-a/outputs.env"
read_outputs product "$base-a/$kernel/product/outputs.env"
artifacts=()
for f in "${product[IMAGE]}" "${product[ROOTFS]}" "${product[FIT]}" "${shared[UBOOT_LOCKED]}" \
	"${shared[CONTROL_DTB_NORMAL]}"; do
	artifacts+=("${f#"$base-a/"}")
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
