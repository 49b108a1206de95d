#!/usr/bin/env bash
# Prove that every patch of a series builds on its own: check each commit
# of the series out in a worktree of the kernel tree and compile what the
# series touches (security/seclvl/ and every other C file a patch
# changes: kernel/time/, fs/, security/security.c) with W=1, incrementally
# (what each patch changed), and sparse (C=2) on the last one. Prints one
# TAP line per check and fails on any error or any warning in the series'
# files. A run that passed is reused while the patches' trees, the config,
# the compiler and this script stay the same.
#
#   check-series.sh LINUX_SRC CONFIG OUT_DIR
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

[ "$#" -eq 3 ] || die "usage: check-series.sh LINUX_SRC CONFIG OUT_DIR"
src=$(realpath "$1") config=$(realpath "$2") out=$(realpath -m "$3")
wt=$out/src
obj=$out/obj
kmake=(make -C "$wt" O="$obj" ARCH="${ARCH:?}" CROSS_COMPILE="${CROSS_COMPILE:?}"
	-j"$(nproc)" KBUILD_BUILD_TIMESTAMP=0 KBUILD_BUILD_USER=seclvl
	KBUILD_BUILD_HOST=seclvl-build LOCALVERSION=)
command -v ccache >/dev/null && kmake+=(CC="ccache ${CROSS_COMPILE}gcc")

mapfile -t commits < <(git -C "$src" rev-list --reverse base..HEAD)
[ "${#commits[@]}" -gt 0 ] || die "no patches applied in $src"

if [ ! -e "$wt/.git" ]; then
	rm -rf "$wt"
	git -C "$src" worktree prune
	git -C "$src" worktree add -q --detach "$wt" base
fi
mkdir -p "$obj"

# W=1 warnings of the files the series touches, without their path and line
normalize() {
	{ grep -E '(security/seclvl/|kernel/time/|fs/namespace|security/security).*(warning|error):' || true; } |
		sed -E 's#^.*/(security/seclvl/|kernel/time/|fs/|security/)#\1#; s#:[0-9]+(:[0-9]+)?:#:#'
}

# what the tree already warns about before the series: not ours to fix;
# computed once per base commit and config
base_id="$(git -C "$src" rev-parse base) $(sha256sum <"$config" | cut -d' ' -f1) $(sha256sum <"$0" | cut -d' ' -f1)"
if [ "$(cat "$out/base-warnings.id" 2>/dev/null)" != "$base_id" ]; then
	t0=$SECONDS
	git -C "$wt" checkout -q --detach base
	cp "$config" "$obj/.config"
	"${kmake[@]}" -s olddefconfig >/dev/null
	base_objs=(kernel/time/timekeeping.o kernel/time/time.o fs/namespace.o security/security.o)
	rm -f "${base_objs[@]/#/$obj/}"
	"${kmake[@]}" -s W=1 "${base_objs[@]}" 2>&1 | normalize >"$out/base-warnings"
	echo "$base_id" >"$out/base-warnings.id"
	echo "# base: configured, prepared and built kernel/time/timekeeping.o in $((SECONDS - t0)) s"
fi

# The results depend only on the patches' trees, the config, the compiler
# and this script: when none of them changed since the last run that
# passed, its results stand (the kernel builds would be the same).
inputs_id=$({
	for c in "${commits[@]}"; do git -C "$src" rev-parse "$c^{tree}"; done
	sha256sum <"$config"
	sha256sum <"$0"
	"${CROSS_COMPILE}gcc" --version | head -n 1
	sparse --version 2>/dev/null || true
} | sha256sum | cut -d' ' -f1)
# the plan first: a run that stops partway shows fewer results than this
echo "1..${#commits[@]}"
if [ -s "$out/passed.tap" ] && [ "$(cat "$out/passed.id" 2>/dev/null)" = "$inputs_id" ]; then
	echo "# series, config and compiler unchanged since the last run that passed: its results"
	cat "$out/passed.tap"
	exit 0
fi
rm -f "$out/passed.tap" "$out/passed.id"

n=0
results=$out/results.tap
: >"$results"
for i in "${!commits[@]}"; do
	c=${commits[$i]}
	subject=$(git -C "$src" log -1 --format=%s "$c")
	t1=$SECONDS
	git -C "$wt" checkout -q --detach "$c"
	changed=$(git -C "$src" show --name-only --format= "$c")
	# the config: the kernel's, as this patch's Kconfig knows it. A patch
	# that changes no Kconfig file leaves the previous patch's .config as
	# olddefconfig would make it again; leaving it untouched also spares
	# kbuild its syncconfig (about 5 s of each patch's 13 to 17 s)
	if [ "$i" -eq 0 ] || grep -qE '(^|/)Kconfig' <<<"$changed"; then
		cp "$config" "$obj/.config"
		"${kmake[@]}" -s olddefconfig >/dev/null
	fi
	# seclvl, and the object of every other C file the patch changes
	# (the LSM hooks it adds in security.c, fs/, kernel/time/)
	targets=(security/seclvl/)
	while read -r f; do
		targets+=("${f%.c}.o")
	done < <(grep -E '^(fs|kernel|security|mm|block)/.*\.c$' <<<"$changed" |
		grep -v '^security/seclvl/' || true)
	extra=(W=1)
	last=$((${#commits[@]} - 1))
	[ "$i" -eq "$last" ] && extra+=(C=2)
	# kbuild recompiles what the patch changed, directly or through a
	# header: a warning can only be new in those files (the others'
	# were seen at the patch that last changed them)
	log=$out/patch-$((i + 1)).log
	n=$((n + 1))
	t0=$SECONDS
	if "${kmake[@]}" "${extra[@]}" "${targets[@]}" >"$log" 2>&1; then
		warnings=$(normalize <"$log" | grep -vxF -f "$out/base-warnings" || true)
		if [ "$i" -eq "$last" ] && ! grep -q 'CHECK .*security/seclvl/' "$log"; then
			warnings="sparse did not check security/seclvl/"
		fi
	else
		warnings="build failed: $(tail -n 5 "$log")"
	fi
	what="patch $((i + 1)) ($subject) builds, no new W=1 warnings"
	[ "$i" -eq "$last" ] && what+=" or sparse (C=2) warnings"
	echo "# patch $((i + 1)): configured and built in $((SECONDS - t1)) s (build $((SECONDS - t0)) s)"
	if [ -z "$warnings" ]; then
		echo "ok $n - series: $what"
	else
		echo "not ok $n - series: $what"
		printf '%s\n' "$warnings" | sed 's/^/#   /'
	fi
done | tee "$results"
grep -q '^not ok ' "$results" && exit 1
# the times are this run's, not the results'
grep -v '^# patch [0-9]*: configured' "$results" >"$out/passed.tap"
rm -f "$results"
echo "$inputs_id" >"$out/passed.id"
