# shellcheck shell=bash disable=SC2154
# (test, variant, product, label, host_kernel, LINUX_SRC: set by tests/check.sh)
# make check, job 2, once per kernel: the host checks of its series:
# checkpatch on every patch, the cover letter, MAINTAINERS, kernel-doc,
# and the config check of the booted kernel (and of the product kernel, for
# the host's own kernel). Sourced by tests/check.sh.

# checkpatch reads a git-tracked file as a source file, not as a patch:
# give it the patch on stdin. FILE_PATH_CHANGES ("added file(s), does
# MAINTAINERS need updating?") fires on every new file of a patch that does
# not touch MAINTAINERS, also when a directory entry already covers it:
# maintainers_cover_series checks that instead.
checkpatch_clean() {
	local out
	out=$(perl "$LINUX_SRC/scripts/checkpatch.pl" --strict --no-tree \
		--ignore FILE_PATH_CHANGES - <"$1")
	printf '%s\n' "$out"
	grep -q 'total: 0 errors, 0 warnings, 0 checks' <<<"$out"
}

# every file the series adds has the seclvl MAINTAINERS entry
maintainers_cover_series() {
	local f sections status=0
	while IFS= read -r f; do
		sections=$(cd "$LINUX_SRC" && perl scripts/get_maintainer.pl --no-git \
			--no-git-fallback --sections -f "$f")
		if grep -qx 'SECLVL SECURITY MODULE' <<<"$sections"; then
			echo "$f: SECLVL SECURITY MODULE"
		else
			echo "$f: not in the SECLVL SECURITY MODULE entry"
			status=1
		fi
	done < <(git -C "$LINUX_SRC" diff --name-only --diff-filter=A base..HEAD)
	return "$status"
}

# kernel-doc of the LSM, with the W=2 checks (missing Return: sections...)
kernel_doc_clean() {
	local out
	out=$(cd "$LINUX_SRC" && KBUILD_EXTRA_WARN=2 scripts/kernel-doc -v -none \
		security/seclvl/*.[ch] 2>&1)
	printf '%s\n' "$out"
	! grep -q 'warning' <<<"$out"
}

# seclvl registers each LSM hook once: 6.12's static calls take one per
# LSM, and on 6.1 a second registration would run in registration order
# rather than in the one order hooks.c gives the rules that share a hook
hooks_registered_once() {
	local hooks dup
	hooks=$(grep -ho 'LSM_HOOK_INIT([a-z0-9_]*' "$LINUX_SRC"/security/seclvl/*.c |
		sed 's/^LSM_HOOK_INIT(//' | sort)
	dup=$(uniq -d <<<"$hooks" | paste -sd ' ')
	echo "$(wc -l <<<"$hooks") hooks registered; more than once: ${dup:-none}"
	[ -n "$hooks" ] && [ -z "$dup" ]
}

stage_begin "host checks: the $label series"
for p in "${test[PATCH_DIR]}"/*.patch; do
	[ "${p##*/}" = 0000-cover-letter.patch ] && continue
	host_check "checkpatch --strict: ${p##*/}" checkpatch_clean "$p"
done
host_check "cover letter: the shortlog and diffstat of the series, an answer per existing tool" \
	"$TESTS_DIR/check-cover-letter.sh" "${test[PATCH_DIR]}/0000-cover-letter.patch" "$LINUX_SRC"
host_check "MAINTAINERS: every file the series adds is in the seclvl entry" \
	maintainers_cover_series
host_check "kernel-doc -v (W=2): no warning in security/seclvl/" kernel_doc_clean
host_check "LSM hooks: each registered once (security/seclvl/)" hooks_registered_once
read -r -a frags <<<"${test[KCONFIG_FRAGMENTS]}"
host_check "kernel config ($variant kernel): every option requested by the fragments is set" \
	scripts/check-kernel-config.sh "${test[LINUX_OUT]}/.config" "${frags[@]}"
host_check "kernel config ($variant kernel): ${test[DEFCONFIG]} is what the fragments give" \
	scripts/check-defconfig.sh "$LINUX_SRC" "${test[LINUX_OUT]}" "${test[DEFCONFIG]}"
if [ "$label" = "$host_kernel" ]; then
	read -r -a frags <<<"${product[KCONFIG_FRAGMENTS]}"
	host_check "kernel config (product kernel): every option requested by the fragments is set" \
		scripts/check-kernel-config.sh "${product[LINUX_OUT]}/.config" "${frags[@]}"
	host_check "kernel config (product kernel): ${product[DEFCONFIG]} is what the fragments give" \
		scripts/check-defconfig.sh "$LINUX_SRC" "${product[LINUX_OUT]}" "${product[DEFCONFIG]}"
fi
stage_end
