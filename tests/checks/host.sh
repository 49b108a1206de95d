# shellcheck shell=bash disable=SC2154
# (test, product: set by tests/check.sh)
# make check, job 1: the host checks. Lint of every shell script and
# Python program in the tree, checkpatch on every patch, the cover letter,
# MAINTAINERS, kernel-doc, and the config check of the test and the
# product kernels. Sourced by tests/check.sh.

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

stage_begin "host checks"
# every tracked shell script (by name or by its #! line), and the Python
mapfile -t tracked < <(git ls-files)
shell_scripts=() python_programs=()
for f in "${tracked[@]}"; do
	case $f in
	*.py) python_programs+=("$f") ;;
	*.sh) shell_scripts+=("$f") ;;
	*.patch | *.md | *.c | *.h | *.config | *.in) ;;
	*) head -n 1 "$f" | grep -qE '^#!/(usr/)?bin/(env )?(ba)?sh' && shell_scripts+=("$f") ;;
	esac
done
for f in "${shell_scripts[@]}"; do
	host_check "shellcheck: $f" shellcheck -x "$f"
done
for f in "${python_programs[@]}"; do
	host_check "pyflakes3: $f" pyflakes3 "$f"
done
for p in kernel-patches/*.patch; do
	[ "${p##*/}" = 0000-cover-letter.patch ] && continue
	host_check "checkpatch --strict: ${p##*/}" checkpatch_clean "$p"
done
host_check "cover letter: the shortlog and diffstat of the series, an answer per existing tool" \
	"$TESTS_DIR/check-cover-letter.sh" kernel-patches/0000-cover-letter.patch "$LINUX_SRC"
host_check "MAINTAINERS: every file the series adds is in the seclvl entry" \
	maintainers_cover_series
host_check "kernel-doc -v (W=2): no warning in security/seclvl/" kernel_doc_clean
read -r -a frags <<<"${test[KCONFIG_FRAGMENTS]}"
host_check "kernel config (test kernel): every option requested by the fragments is set" \
	scripts/check-kernel-config.sh "${test[LINUX_OUT]}/.config" "${frags[@]}"
read -r -a frags <<<"${product[KCONFIG_FRAGMENTS]}"
host_check "kernel config (product kernel): every option requested by the fragments is set" \
	scripts/check-kernel-config.sh "${product[LINUX_OUT]}/.config" "${frags[@]}"
stage_end

