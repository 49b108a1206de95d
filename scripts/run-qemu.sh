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
#          options to FILE and exit)
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

usage="usage: run-qemu.sh BOARD_CONF uboot U_BOOT_BIN DISK | direct IMAGE INITRAMFS CMDLINE [--disk IMG]... [--scsi IMG] [--nvme IMG] [--flash IMG] [--data DISK] [--batch [--serial-stdin]] [--icount] [--dtb FILE] [--dumpdtb FILE]"
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
# the command line, to start the same machine by hand: quoted where needed
printf 'QEMU command:'
for a in "$QEMU" "${args[@]}"; do
	if [[ $a =~ ^[A-Za-z0-9_./,=:+-]+$ ]]; then
		printf ' %s' "$a"
	else
		printf ' %q' "$a"
	fi
done
printf '\nQEMU console: press Ctrl-A X to quit QEMU, Ctrl-A H for help.\n'
exec "$QEMU" "${args[@]}"
