# shellcheck shell=bash disable=SC2154
# (debug_direct, testinit, test_disks: set by tests/check.sh)
# make check, job 5: the debug kernel (lockdep, atomic-sleep, list and
# slab debugging, kmemleak, KASAN): KUnit, the rules and the attack suites
# again with a clean log, and the maintenance path of seclvl.initlvl=.
# Sourced by tests/check.sh.

stage_begin "guest boots: the debug kernel"
# The debug kernel (lockdep, atomic-sleep, list and slab debugging,
# kmemleak, KASAN): KUnit, the rules and the attack suites again, clean log.
guest_check debug-smoke 600 2 -- "${debug_direct[@]}" "$testinit kunit.enable=1 seclvl_test=smoke"
fresh_test_disks
guest_check debug-levels 900 1 -- "${debug_direct[@]}" \
	"$testinit seclvl_test=levels" \
	"${test_disks[@]}"
guest_check debug-attack 900 3 -- "${debug_direct[@]}" \
	"$testinit seclvl_test=race,leaks,hostile"
# the debug kernel has no boot level floor: the maintenance path of
# seclvl.initlvl=-1 boots there
guest_check boot-initlvl-minus-1 300 1 -- "${debug_direct[@]}" \
	"$testinit seclvl.initlvl=-1 seclvl_test=boot seclvl_expect=-1"
host_check "debug kernel: lockdep was on in the debug boots" \
	grep -q 'Lock dependency validator' "$TEST_OUT/debug-smoke.log"
host_check "debug kernel: KASAN was on in the debug boots" \
	grep -q 'KernelAddressSanitizer initialized' "$TEST_OUT/debug-smoke.log"
stage_end

