# shellcheck shell=bash disable=SC2154
# (direct, testinit, test_disks, variant, slow: set by tests/check.sh)
# make check, job 3: the kernel's test boots, directly: KUnit and smoke,
# the levels walk (the series' kselftest), the attack suites, the boot
# parameter. On the test kernel, or for the host's own kernel on the debug
# kernel (lockdep, atomic-sleep, list and slab debugging, kmemleak, KASAN),
# which must also keep its log clean. Sourced by tests/check.sh.

stage_begin "guest boots: the $label $variant kernel"
guest_check smoke-direct $((180 * slow)) 2 -- "${direct[@]}" \
	"$testinit kunit.enable=1 seclvl_test=smoke"
fresh_test_disks
guest_check levels $((300 * slow)) 1 -- "${direct[@]}" \
	"$testinit seclvl_test=levels" \
	"${test_disks[@]}"
host_check "levels: the SCSI disk holds what each passthrough route wrote at level 0, nothing of levels 1 and 2" \
	"$TESTS_DIR/check-media.sh" "$TEST_OUT/scsi.img" sg-io-sg sg-io-bsg sg-io-sd sg-write
host_check "levels: the NVMe namespace holds what each passthrough route wrote at level 0, nothing of levels 1 and 2" \
	"$TESTS_DIR/check-media.sh" "$TEST_OUT/nvme.img" nvme-io-cmd-ns nvme-submit-io-ns nvme-io-cmd-ng \
	nvme-io-cmd-ctrl nvme-uring-ng
host_check "levels: the flash holds what was written at level 0, nothing of levels 1 and 2" \
	"$TESTS_DIR/check-media.sh" "$TEST_OUT/flash.img" mtd-write
host_check "levels: the UBI medium (block2mtd) holds the volume written at level 0, nothing of levels 1 and 2" \
	"$TESTS_DIR/check-media.sh" "$TEST_OUT/ubi.img" ubi-write
host_check "levels: a loop device wrote the mounted disk at level 0 (the route the mount rule closes at 1)" \
	"$TESTS_DIR/check-media.sh" "$TEST_OUT/loopfs.img" loop
kmemleak=
[ "$variant" = debug ] && kmemleak=" seclvl_kmemleak=1"
# denials as audit records: a boot with audit enabled
guest_check audit $((120 * slow)) 1 -- "${direct[@]}" \
	"$testinit audit=1 seclvl_test=audit"
guest_check attack $((300 * slow)) 3 -- "${direct[@]}" \
	"$testinit seclvl_test=race,leaks,hostile$kmemleak"
# seclvl.initlvl=-1: refused by a kernel with the boot level floor (the
# test kernels, the product); the maintenance level on the debug kernel,
# which has none so that this path is booted too
floor=$(sed -n 's/^CONFIG_SECURITY_SECLVL_INITLVL_MIN=//p' "${test[LINUX_OUT]}/.config")
if [ "$floor" = -1 ]; then
	guest_check boot-initlvl-minus-1 $((120 * slow)) 1 -- "${direct[@]}" \
		"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=-1"
else
	guest_check boot-initlvl-below-floor $((120 * slow)) 1 -- "${direct[@]}" \
		"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=floor"
fi
guest_check boot-initlvl-1 $((120 * slow)) 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=1 seclvl_test=boot seclvl_expect=1"
# at level 2 from boot the mount table is frozen before init runs: the
# test init cannot mount /proc and reports exactly that
guest_check boot-initlvl-2 $((120 * slow)) 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=2 seclvl_test=boot seclvl_expect=2"
host_check "boot at level 2: init could not mount proc, refused by the mount rule" \
	grep -qF "ok 1 - [mount] boot at level 2: mount of proc refused" "$TEST_OUT/boot-initlvl-2.log"
guest_check boot-initlvl-invalid $((120 * slow)) 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=7 seclvl_test=boot seclvl_expect=invalid"
guest_check boot-without-seclvl $((120 * slow)) 1 -- "${direct[@]}" \
	"$testinit lsm=capability seclvl_test=boot seclvl_expect=off"
if [ "$variant" = debug ]; then
	host_check "debug kernel: lockdep was on in the boots" \
		grep -q 'Lock dependency validator' "$TEST_OUT/smoke-direct.log"
	host_check "debug kernel: KASAN was on in the boots" \
		grep -q 'KernelAddressSanitizer initialized' "$TEST_OUT/smoke-direct.log"
fi
stage_end
