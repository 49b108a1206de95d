# shellcheck shell=bash disable=SC2154
# (direct, testinit, test_disks: set by tests/check.sh)
# make check, job 3: the test kernel booted directly: KUnit and smoke,
# the levels walk (the series' kselftest), the attack suites, the boot
# parameter. Sourced by tests/check.sh.

stage_begin "guest boots: the $label test kernel"
guest_check smoke-direct 180 2 -- "${direct[@]}" \
	"$testinit kunit.enable=1 seclvl_test=smoke"
fresh_test_disks
guest_check levels 300 1 -- "${direct[@]}" \
	"$testinit seclvl_test=levels" \
	"${test_disks[@]}"
guest_check attack 300 3 -- "${direct[@]}" \
	"$testinit seclvl_test=race,leaks,hostile"
guest_check boot-initlvl-below-floor 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=floor"
guest_check boot-initlvl-1 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=1 seclvl_test=boot seclvl_expect=1"
# at level 2 from boot the mount table is frozen before init runs: the
# test init cannot mount /proc and reports exactly that
guest_check boot-initlvl-2 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=2 seclvl_test=boot seclvl_expect=2"
host_check "boot at level 2: init could not mount proc, refused by the mount rule" \
	grep -qF "ok 1 - [mount] boot at level 2: mount of proc refused" "$TEST_OUT/boot-initlvl-2.log"
guest_check boot-initlvl-invalid 120 1 -- "${direct[@]}" \
	"$testinit seclvl.initlvl=7 seclvl_test=boot seclvl_expect=invalid"
guest_check boot-without-seclvl 120 1 -- "${direct[@]}" \
	"$testinit lsm=capability seclvl_test=boot seclvl_expect=off"

stage_end
