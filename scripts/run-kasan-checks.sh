#!/usr/bin/env bash
# make check-kasan: KUnit and the in-guest suites (smoke, levels, attack)
# on the KASAN kernel, with the same runner and the same kernel-log scan
# as make check (a "KASAN" line fails the boot). Last line
# "N passed, N failed"; exits 1 if anything failed.
#
# Environment (set by the Makefile): BOARD_CONF IMAGE ROOTFS_TEST;
# TEST_OUT (default build/tests-kasan).
set -euo pipefail

# shellcheck source=scripts/stage.sh
. "$(dirname "$0")/stage.sh"

for v in BOARD_CONF IMAGE ROOTFS_TEST; do
	[ -n "${!v:-}" ] || die "$v is not set (run through 'make check-kasan')"
done
TEST_OUT=${TEST_OUT:-build/tests-kasan}
export TEST_OUT
rm -rf "$TEST_OUT"
mkdir -p "$TEST_OUT"

passed=0 failed=0 skipped=0
guest_check() {
	local name=$1 p f s
	"$(dirname "$0")/run-guest-test.sh" "$@" || true
	read -r p f s <"$TEST_OUT/$name.counts"
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
}

stage_begin "KASAN kernel boots"
kasan=("$BOARD_CONF" direct "$IMAGE" "$ROOTFS_TEST")
testinit="panic=-1 rdinit=/tests/init"
passwd_sha256=$(printf %s seclvl-test-unlock | sha256sum | cut -d' ' -f1)
guest_check kasan-smoke 900 2 -- "${kasan[@]}" "$testinit kunit.enable=1 seclvl_test=smoke"
mke2fs -q -F -t ext4 -L seclvl-test "$TEST_OUT/mounted.img" 8M
truncate -s 16M "$TEST_OUT/mounted.img"
truncate -s 16M "$TEST_OUT/spare.img"
guest_check kasan-levels 1800 1 -- "${kasan[@]}" \
	"$testinit seclvl_test=levels seclvl.passwd_sha256=$passwd_sha256" \
	--disk "$TEST_OUT/mounted.img" --disk "$TEST_OUT/spare.img"
guest_check kasan-attack 1800 3 -- "${kasan[@]}" \
	"$testinit seclvl_test=race,leaks,hostile seclvl.passwd_sha256=$passwd_sha256"
if grep -q 'KernelAddressSanitizer initialized' "$TEST_OUT/kasan-smoke.log"; then
	echo "ok - KASAN was on in the KASAN boots"
	passed=$((passed + 1))
else
	echo "not ok - KASAN was on in the KASAN boots (no 'KernelAddressSanitizer initialized')"
	failed=$((failed + 1))
fi
stage_end

summary="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && summary+=", $skipped skipped"
echo "$summary"
[ "$failed" -eq 0 ]
