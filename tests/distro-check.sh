#!/usr/bin/env bash
# Prove the README's two commands on another Debian release, as a new user
# would run them: a debootstrapped root of DIST with only git and make, a
# clean clone of this repository's HEAD inside it, then `make run` until
# the lock banner and `make check`, in a chroot.
#
#   distro-check.sh DIST ROOT LOG_DIR     e.g. trixie build/distro/trixie
#
# The root is made once and kept (delete ROOT to start from nothing): the
# clone in it is made afresh every time, its ccache is kept. Everything the
# chroot needs mounted (/proc, /sys, /dev) is mounted in a private mount
# namespace, so nothing stays mounted when this script ends, however it
# ends. Run as root; the last line is make check's summary.
# ROOT_ONLY=1 makes (or checks) the root and stops there.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/../scripts/log.sh"

[ "$#" -eq 3 ] || die "usage: distro-check.sh DIST ROOT LOG_DIR"
dist=$1 root=$(realpath -m "$2") log_dir=$(realpath -m "$3")
[[ "$dist" =~ ^[a-z]+$ ]] || die "not a Debian suite name: '$dist'"
[ "$(id -u)" -eq 0 ] || die "debootstrap and chroot need root"
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse --short HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
	echo "    note: the working tree has uncommitted changes; the clone is of HEAD ($head)"
fi
mkdir -p "$log_dir"

# The Debian mirror: the host's own (deb822 or one-line sources)
mirror=$(sed -n 's/^URIs:[[:space:]]*\(http[^[:space:]]*\/debian\/\?\)$/\1/p' \
	/etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
if [ -z "$mirror" ]; then
	mirror=$(sed -n 's/^deb[[:space:]]\+\(http[^[:space:]]*\/debian\/\?\)[[:space:]].*/\1/p' \
		/etc/apt/sources.list 2>/dev/null | head -n 1)
fi
mirror=${mirror:-http://deb.debian.org/debian}
security=${mirror%/debian*}/debian-security

if ! command -v debootstrap >/dev/null; then
	stage_begin "install debootstrap"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q --no-install-recommends debootstrap ||
		{ apt-get update -q && apt-get install -y -q --no-install-recommends debootstrap; }
	dpkg-query -W -f='${db:Status-Status}' debootstrap | grep -qx installed ||
		die "apt did not install debootstrap"
	stage_end
fi

done_mark=$root/.seclvl-debootstrap
if [ "$(cat "$done_mark" 2>/dev/null)" != "$dist" ]; then
	stage_begin "debootstrap $dist (minbase, git and make) into $root from $mirror"
	rm -rf "$root"
	mkdir -p "$root"
	debootstrap --variant=minbase --include=git,make "$dist" "$root" "$mirror" \
		>"$log_dir/debootstrap.log" 2>&1 ||
		die "debootstrap failed (log: $log_dir/debootstrap.log)"
	# the suites of an installed Debian machine: the release, its updates
	# and its security archive (debootstrap writes the release only)
	rm -f "$root/etc/apt/sources.list"
	cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $dist $dist-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $dist-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	echo "$dist" >"$done_mark"
	stage_end
fi
release=$(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' "$root/etc/os-release")
# shellcheck disable=SC2016 # dpkg-query's format, not the shell's
packages=$(chroot "$root" dpkg-query -W -f='${Package} ${Version}\n' git make | tr '\n' ' ')
echo "    $release in $root, packages: $packages"

[ "${ROOT_ONLY:-0}" = 1 ] && exit 0

stage_begin "clean clone of $head into $root/root/seclvl"
rm -rf "$root/root/seclvl"
git clone -q --no-hardlinks "$repo" "$root/root/seclvl"
stage_end

# in_root SCRIPT: run SCRIPT with bash in the chroot, in a private mount
# namespace with /proc, /sys and /dev, a clean environment (BANNER set), no
# stdin
# shellcheck disable=SC2016 # the scripts expand in the namespace and chroot
in_root() {
	unshare --mount --propagation private -- /bin/bash -euo pipefail -c '
		root=$1
		mount -t proc proc "$root/proc"
		mount --rbind /sys "$root/sys"
		mount --rbind /dev "$root/dev"
		exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb BANNER="$3" \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			/bin/bash -euo pipefail -c "$2"' in_root "$root" "$1" "$banner" </dev/null
}

# The README's first command: make run, up to the lock banner (it builds
# the product on the way), then QEMU is stopped.
banner="appliance-state: locked level=2"
run_log=$log_dir/make-run.log
stage_begin "$dist: make run, until the lock banner"
# shellcheck disable=SC2016 # expanded in the chroot
if ! in_root '
	cd /root/seclvl
	setsid make run >/root/make-run.log 2>&1 &
	pid=$!
	deadline=$((SECONDS + 5400))
	rc=1
	while [ "$SECONDS" -lt "$deadline" ]; do
		if grep -qF "$BANNER" /root/make-run.log; then rc=0; break; fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 5
	done
	kill -- "-$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	exit "$rc"'; then
	cp "$root/root/make-run.log" "$run_log" 2>/dev/null || true
	tail -n 30 "$run_log" >&2 || true
	die "$dist: make run did not reach the lock banner (log: $run_log)"
fi
cp "$root/root/make-run.log" "$run_log"
grep -F "$banner" "$run_log" | tail -n 1 | sed 's/^/    /'
stage_end

# The README's second command
check_log=$log_dir/make-check.log
stage_begin "$dist: make check"
rc=0
in_root "cd /root/seclvl && make check" >"$check_log" 2>&1 || rc=$?
stage_end
grep -E '^not ok' "$check_log" || true
# make check's summary line (a failed make check is followed by make's
# own error line)
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$check_log" | tail -n 1 || true)
[ -n "$summary" ] ||
	die "$dist: make check printed no summary (exit $rc; log: $check_log)"
[ "$rc" -eq 0 ] || {
	echo "$dist: make check failed (exit $rc; log: $check_log)"
	echo "$summary"
	exit 1
}
echo "$dist: make check passed in a clean clone of $head (log: $check_log)"
echo "$summary"
