#!/usr/bin/env bash
# Build the whole pipeline twice from clean, in two different build
# directories, and compare the sha256 of the Image, the initramfs and the
# FIT. ccache is used with CCACHE_BASEDIR so that the second build may hit
# the cache of the first: ccache returns the compiler's own output, so
# hits do not hide a difference.
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

top=$(pwd)
base=${1:-build/repro}
export CCACHE_BASEDIR=$top/${base%/*}
artifacts=(linux-build/arch/arm64/boot/Image rootfs.cpio.gz appliance.itb)

for run in a b; do
	rm -rf "$base-$run"
	stage_begin "clean build $run in $base-$run"
	make -s BUILD_DIR="$base-$run" all >"$base-$run.log" 2>&1 ||
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
