#!/usr/bin/env bash
# Boot the appliance under QEMU on the board described by board.conf.
#
#   run-qemu.sh BOARD_CONF uboot U_BOOT_BIN DISK [options]
#   run-qemu.sh BOARD_CONF direct IMAGE INITRAMFS CMDLINE [options]
#
# options: --disk IMG (one more virtio-pci disk, repeatable),
#          --scsi IMG (a SCSI disk on a virtio-scsi controller),
#          --nvme IMG (an NVMe controller with IMG as namespace 1),
#          --flash IMG (the second flash bank: 64 MiB, raw),
#          --data DISK (direct boot: the appliance disk, for /data),
#          --batch (no terminal: serial on stdout, no monitor, no reboot),
#          --serial-stdin (with --batch: the serial console reads this
#          script's stdin instead of nothing),
#          --icount (guest time counts executed instructions: deterministic
#          timing for benchmarks under TCG),
#          --dtb FILE (the device tree QEMU hands over instead of its own:
#          U-Boot's control DT with the FIT signing key),
#          --dumpdtb FILE (write QEMU's device tree for exactly these
#          options to FILE and exit),
#          --write FILE (without --batch: write FILE, a script that starts
#          this machine, run by hand or by make run, instead of starting
#          it; arguments given to FILE are added to QEMU's)
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: run-qemu.sh BOARD_CONF uboot U_BOOT_BIN DISK | direct IMAGE INITRAMFS CMDLINE [--disk IMG]... [--scsi IMG] [--nvme IMG] [--flash IMG] [--data DISK] [--batch [--serial-stdin]] [--icount] [--dtb FILE] [--dumpdtb FILE] [--write FILE]"
[ "$#" -ge 3 ] || die "$usage"
board_conf=$1 boot=$2
shift 2
# shellcheck source=board/qemu-virt/board.conf
. "$board_conf"

machine=$QEMU_MACHINE
args=(-cpu "$QEMU_CPU" -smp "$QEMU_SMP" -m "$QEMU_MEM" -nic none)
boot_disk=
case $boot in
uboot)
	[ "$#" -ge 2 ] || die "$usage"
	[ -f "$1" ] || die "U-Boot binary $1 not found"
	args+=(-bios "$1")
	boot_disk=$2
	shift 2
	;;
direct)
	[ "$#" -ge 3 ] || die "$usage"
	args+=(-kernel "$1" -initrd "$2" -append "console=$CONSOLE $3")
	shift 3
	;;
*) die "$usage" ;;
esac

batch=0
serial_stdin=0
write=
extra=()
while [ "$#" -gt 0 ]; do
	case $1 in
	--disk)
		extra+=("$2")
		shift 2
		;;
	--scsi)
		args+=(-device "virtio-scsi-pci,id=scsi0"
			-drive "if=none,format=raw,file=$2,id=scsidisk"
			-device "scsi-hd,drive=scsidisk,bus=scsi0.0")
		shift 2
		;;
	--nvme)
		args+=(-drive "if=none,format=raw,file=$2,id=nvmedisk"
			-device "nvme,serial=seclvl-nvme,drive=nvmedisk")
		shift 2
		;;
	--flash)
		args+=(-drive "if=pflash,index=1,format=raw,file=$2")
		shift 2
		;;
	--data)
		boot_disk=$2
		shift 2
		;;
	--batch)
		batch=1
		shift
		;;
	--serial-stdin)
		serial_stdin=1
		shift
		;;
	--icount)
		args+=(-icount "shift=0,sleep=off,align=off")
		shift
		;;
	--dtb)
		[ -f "$2" ] || die "device tree $2 not found"
		args+=(-dtb "$2")
		shift 2
		;;
	--dumpdtb)
		machine+=",dumpdtb=$2"
		shift 2
		;;
	--write)
		write=$2
		shift 2
		;;
	*) die "$usage" ;;
	esac
done

# the appliance disk is virtio-mmio (virtio0 for U-Boot, /dev/vda), test
# disks are virtio-pci (/dev/vdb, /dev/vdc...)
if [ -n "$boot_disk" ]; then
	args+=(-drive "if=none,format=raw,file=$boot_disk,id=disk0"
		-device "virtio-blk-device,drive=disk0")
fi
i=1
for d in "${extra[@]}"; do
	args+=(-drive "if=none,format=raw,file=$d,id=disk$i"
		-device "virtio-blk-pci,drive=disk$i")
	i=$((i + 1))
done

args=(-M "$machine" "${args[@]}")
if [ "$batch" -eq 1 ]; then
	args+=(-display none -monitor none -serial stdio -no-reboot)
	[ "$serial_stdin" -eq 1 ] && exec "$QEMU" "${args[@]}"
	exec "$QEMU" "${args[@]}" </dev/null
fi
args+=(-nographic)
[ -n "$write" ] || die "without --batch, --write FILE is needed: the machine is started from FILE"
# FILE: the command line, quoted where needed, run from this directory
quote() {
	if [[ $1 =~ ^[A-Za-z0-9_./,=:+-]+$ ]]; then
		printf '%s' "$1"
	else
		printf '%q' "$1"
	fi
}
{
	echo '#!/usr/bin/env bash'
	echo '# The appliance on QEMU, as make run starts it (scripts/run-qemu.sh wrote'
	echo '# this file). Ctrl-A X quits QEMU, Ctrl-A H for help; arguments are added'
	echo "# to QEMU's."
	echo 'set -euo pipefail'
	echo "cd $(quote "$PWD")"
	echo "echo 'QEMU console: press Ctrl-A X to quit QEMU, Ctrl-A H for help.'"
	printf 'exec %s' "$(quote "$QEMU")"
	# one option a line, with its value
	for ((i = 0; i < ${#args[@]}; i++)); do
		printf ' \\\n\t%s' "$(quote "${args[i]}")"
		if [ $((i + 1)) -lt ${#args[@]} ] && [[ ${args[i + 1]} != -* ]]; then
			i=$((i + 1))
			printf ' %s' "$(quote "${args[i]}")"
		fi
	done
	printf ' \\\n\t"$@"\n'
} >"$write.tmp"
chmod +x "$write.tmp"
mv "$write.tmp" "$write"
echo "    $write: the machine's QEMU command line (run it by hand to start the same machine)"
