/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench: the floor of every direct boot. An arm64 Image (the header
 * QEMU and boot loaders look for) whose first instruction prints one line
 * on the board's PL011 (UART_BASE, from board.conf) and then waits: booted
 * like a kernel, with the same initramfs and command line, it times QEMU's
 * own start.
 */
	.text
	.global	_start
_start:
	b	start			/* code0 */
	.long	0			/* code1 */
	.quad	0			/* text_offset */
	.quad	end - _start		/* image_size */
	.quad	0			/* flags: little endian */
	.quad	0, 0, 0			/* res2-res4 */
	.ascii	"ARM\x64"		/* magic */
	.long	0			/* res5 */
start:
	ldr	x1, =UART_BASE
	mov	w3, #0x301		/* UARTCR: UARTEN, TXE, RXE */
	str	w3, [x1, #0x30]
	adr	x2, msg
1:	ldrb	w3, [x2], #1
	cbz	w3, 2f
	strb	w3, [x1]		/* UARTDR */
	b	1b
2:	wfi
	b	2b
msg:
	.asciz	"bench: first guest instruction\r\n"
	.balign	8
	.ltorg
end:
