# shellcheck shell=bash
# The appliance disk's layout in MiB, from the board's figures
# (DISK_ALIGN_MIB, BOOT_PART_MIB, DATA_PART_MIB of board/BOARD/board.conf,
# sourced first): GPT, p1 boot, p2 data, the backup GPT in the last MiB.
# Sourced by every script that builds or reads a partition of that disk.

# shellcheck disable=SC2034
{
	DISK_BOOT_START_MIB=$DISK_ALIGN_MIB
	DISK_DATA_START_MIB=$((DISK_BOOT_START_MIB + BOOT_PART_MIB))
	DISK_DATA_END_MIB=$((DISK_DATA_START_MIB + DATA_PART_MIB))
	DISK_SIZE_MIB=$((DISK_DATA_END_MIB + DISK_ALIGN_MIB))
	# the first usable 512-byte sector: the first partition's
	DISK_FIRST_LBA=$((DISK_BOOT_START_MIB * 2048))
}
