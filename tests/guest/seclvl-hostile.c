// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclvl hostile-input table: what an attacker (or a buggy script) can
 * write to /sys/kernel/security/seclvl/seclvl, .../passwd and
 * .../passwd_hash, and how the files answer reads of every shape. Every row asserts the exact result
 * (the byte count or the errno) and that the level did not move.
 *
 * Runs at level 1 on its own boot, with the unlock password
 * "seclvl-test-unlock" set (built in, or through passwd_hash before: the
 * right password is never written here).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

#define LEVEL_FILE	"/sys/kernel/security/seclvl/seclvl"
#define PASSWD_FILE	"/sys/kernel/security/seclvl/passwd"
#define HASH_FILE	"/sys/kernel/security/seclvl/passwd_hash"
/* a valid derivation of another password ("seclvl-attacker") */
#define OTHER_HASH	"pbkdf2-sha256:20000:5365636c766c2d61747461636b657221:" \
	"3bbd11aa184e4fb0628359fa16091fb6b0a6852a18932704e01a324bc9116753"
#define START_LEVEL	1



static int read_level(void)
{
	char buf[16] = "";
	int fd = open(LEVEL_FILE, O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) < 0) {
		printf("Bail out! cannot read %s\n", LEVEL_FILE);
		exit(1);
	}
	close(fd);
	return atoi(buf);
}

/* one write of @len bytes of @buf at @off; returns the count or -errno */
static long try_write(const char *path, const char *buf, size_t len, off_t off)
{
	int fd = open(path, O_WRONLY);
	long ret;

	if (fd < 0)
		return -errno;
	ret = off ? pwrite(fd, buf, len, off) : write(fd, buf, len);
	if (ret < 0)
		ret = -errno;
	close(fd);
	return ret;
}

struct row {
	const char *what;
	const char *buf;	/* NULL: @len bytes of @fill */
	size_t len;
	off_t off;
	char fill;
	long expect;		/* byte count, or -errno */
};

#define S(x)		x, sizeof(x) - 1
#define EINVAL_	(-EINVAL)
#define EPERM_	(-EPERM)

static const struct row level_rows[] = {
	{ "empty write", S(""), 0, 0, EINVAL_ },
	{ "only a newline", S("\n"), 0, 0, EINVAL_ },
	{ "two newlines", S("\n\n"), 0, 0, EINVAL_ },
	{ "level and two newlines", S("1\n\n"), 0, 0, EINVAL_ },
	{ "leading space", S(" 1"), 0, 0, EINVAL_ },
	{ "trailing space", S("1 "), 0, 0, EINVAL_ },
	{ "space before the newline", S("1 \n"), 0, 0, EINVAL_ },
	{ "leading tab", S("\t1"), 0, 0, EINVAL_ },
	{ "carriage return", S("1\r\n"), 0, 0, EINVAL_ },
	{ "plus sign", S("+1"), 0, 0, EINVAL_ },
	{ "plus sign on 2", S("+2\n"), 0, 0, EINVAL_ },
	{ "double minus", S("--1"), 0, 0, EINVAL_ },
	{ "minus plus", S("-+1"), 0, 0, EINVAL_ },
	{ "plus minus", S("+-1"), 0, 0, EINVAL_ },
	{ "minus space", S("- 1"), 0, 0, EINVAL_ },
	{ "minus zero", S("-0"), 0, 0, EINVAL_ },
	{ "leading zero", S("01"), 0, 0, EINVAL_ },
	{ "leading zeros", S("0002"), 0, 0, EINVAL_ },
	{ "double zero", S("00"), 0, 0, EINVAL_ },
	{ "negative leading zero", S("-01"), 0, 0, EINVAL_ },
	{ "hex", S("0x2"), 0, 0, EINVAL_ },
	{ "hex upper", S("0X2"), 0, 0, EINVAL_ },
	{ "octal form", S("02"), 0, 0, EINVAL_ },
	{ "binary form", S("0b10"), 0, 0, EINVAL_ },
	{ "exponent", S("2e0"), 0, 0, EINVAL_ },
	{ "decimal point", S("2.0"), 0, 0, EINVAL_ },
	{ "word", S("two"), 0, 0, EINVAL_ },
	{ "trailing junk", S("2x"), 0, 0, EINVAL_ },
	{ "two numbers", S("1 2"), 0, 0, EINVAL_ },
	{ "number after the newline", S("1\n2"), 0, 0, EINVAL_ },
	{ "out of range 3", S("3"), 0, 0, EINVAL_ },
	{ "out of range -2", S("-2"), 0, 0, EINVAL_ },
	{ "out of range 100", S("100"), 0, 0, EINVAL_ },
	{ "INT_MAX", S("2147483647"), 0, 0, EINVAL_ },
	{ "INT_MAX + 1 (overflow)", S("2147483648"), 0, 0, EINVAL_ },
	{ "INT_MIN - 1 (overflow)", S("-2147483649"), 0, 0, EINVAL_ },
	{ "UINT_MAX + 2 (wraps to 1 in 32 bits)", S("4294967297"), 0, 0, EINVAL_ },
	{ "LLONG_MAX + 1", S("9223372036854775808"), 0, 0, EINVAL_ },
	{ "20 digits", S("99999999999999999999"), 0, 0, EINVAL_ },
	{ "embedded NUL after the level", S("2\0"), 0, 0, EINVAL_ },
	{ "NUL only", S("\0"), 0, 0, EINVAL_ },
	{ "NUL before the level", S("\0" "2"), 0, 0, EINVAL_ },
	{ "NUL between level and newline", S("2\0\n"), 0, 0, EINVAL_ },
	{ "binary byte 0x01", S("\x01"), 0, 0, EINVAL_ },
	{ "binary bytes 0xff 0xfe", S("\xff\xfe"), 0, 0, EINVAL_ },
	{ "UTF-8 digit two (U+0662)", S("\xd9\xa2"), 0, 0, EINVAL_ },
	{ "16 bytes of 2 (at the limit, too big a number)", NULL, 16, 0, '2', EINVAL_ },
	{ "17 bytes (over the limit)", NULL, 17, 0, '1', EINVAL_ },
	{ "4096 bytes", NULL, 4096, 0, '1', EINVAL_ },
	{ "65536 bytes", NULL, 65536, 0, '1', EINVAL_ },
	{ "1 byte at offset 1 (pwrite)", S("2"), 1, 0, EINVAL_ },
	{ "at offset 4096 (pwrite)", S("2\n"), 4096, 0, EINVAL_ },
	{ "lowering to 0", S("0"), 0, 0, EPERM_ },
	{ "lowering to 0 with newline", S("0\n"), 0, 0, EPERM_ },
	{ "lowering to -1", S("-1"), 0, 0, EPERM_ },
	/* accepted without moving: the current level */
	{ "the current level", S("1"), 0, 0, 1 },
	{ "the current level and a newline", S("1\n"), 0, 0, 2 },
	/* a partial write: only the first byte of "12" is written */
	{ "first byte of \"12\" (partial write)", "12", 1, 0, 0, 1 },
};

static const struct row passwd_rows[] = {
	{ "passwd: empty write", S(""), 0, 0, EINVAL_ },
	{ "passwd: only a newline", S("\n"), 0, 0, EINVAL_ },
	{ "passwd: at offset 1 (pwrite)", S("x"), 1, 0, EINVAL_ },
	{ "passwd: 4097 bytes", NULL, 4097, 0, 'a', EINVAL_ },
	{ "passwd: 65536 bytes", NULL, 65536, 0, 'a', EINVAL_ },
	{ "passwd: wrong, 1 byte", S("x"), 0, 0, EPERM_ },
	{ "passwd: wrong, 64 bytes", NULL, 64, 0, 'b', EPERM_ },
	{ "passwd: wrong, 4096 bytes (the limit)", NULL, 4096, 0, 'c', EPERM_ },
	{ "passwd: the right one with an embedded NUL", S("seclvl-test\0unlock"), 0, 0, EPERM_ },
	{ "passwd: the right one with two newlines", S("seclvl-test-unlock\n\n"), 0, 0, EPERM_ },
	{ "passwd: the right one with a leading space", S(" seclvl-test-unlock"), 0, 0, EPERM_ },
	{ "passwd: binary bytes", S("\xff\x00\x80"), 0, 0, EPERM_ },
};

/* at level 1: the password is sealed; malformed writes stay EINVAL */
static const struct row hash_rows[] = {
	{ "passwd_hash: another valid derivation", S(OTHER_HASH "\n"), 0, 0, EPERM_ },
	{ "passwd_hash: not a derivation", S("seclvl-attacker"), 0, 0, EPERM_ },
	{ "passwd_hash: empty write", S(""), 0, 0, EINVAL_ },
	{ "passwd_hash: at offset 1 (pwrite)", S(OTHER_HASH), 1, 0, EINVAL_ },
	{ "passwd_hash: 257 bytes", NULL, 257, 0, '0', EINVAL_ },
	{ "passwd_hash: 65536 bytes", NULL, 65536, 0, '0', EINVAL_ },
};

static void run_rows(const char *path, const struct row *rows, size_t n)
{
	static char big[65536];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		const char *buf = r->buf;
		long ret;

		if (!buf) {
			memset(big, r->fill, r->len);
			buf = big;
		}
		ret = try_write(path, buf, r->len, r->off);
		if (r->expect < 0)
			check(ret == r->expect, "%s: %s", r->what,
			      r->expect == -EINVAL ? "EINVAL" : "EPERM");
		else
			check(ret == r->expect, "%s: accepted (%ld bytes)", r->what, r->expect);
		if (ret != r->expect)
			printf("#   got %ld (%s)\n", ret, ret < 0 ? strerror(-ret) : "bytes");
		check(read_level() == START_LEVEL, "%s: level still %d", r->what, START_LEVEL);
	}
}

/* a write in two pieces: "1" then "\n" (each write is at offset 0) */
static void split_write(void)
{
	int fd = open(LEVEL_FILE, O_WRONLY);

	check(write(fd, "1", 1) == 1, "split write: first piece \"1\" accepted (current level)");
	check(write(fd, "\n", 1) == -1 && errno == EINVAL,
	      "split write: second piece \"\\n\" refused (EINVAL)");
	close(fd);
	check(read_level() == START_LEVEL, "split write: level still %d", START_LEVEL);
}

static void reads(void)
{
	char buf[16];
	int fd = open(LEVEL_FILE, O_RDONLY);

	check(read(fd, buf, 1) == 1 && buf[0] == '1', "read 1 byte: \"1\"");
	check(read(fd, buf, 1) == 1 && buf[0] == '\n', "read the next byte: newline");
	check(read(fd, buf, 1) == 0, "read past the end: 0 bytes");
	check(pread(fd, buf, sizeof(buf), 1) == 1 && buf[0] == '\n', "pread at offset 1: newline");
	check(pread(fd, buf, sizeof(buf), 2) == 0, "pread at offset 2: 0 bytes");
	check(pread(fd, buf, sizeof(buf), 4096) == 0, "pread at offset 4096: 0 bytes");
	check(read(fd, buf, 0) == 0, "read of 0 bytes: 0");
	check(lseek(fd, 0, SEEK_SET) == 0 && read(fd, buf, sizeof(buf)) == 2 &&
	      !memcmp(buf, "1\n", 2), "lseek to 0 and read: \"1\\n\"");
	close(fd);
	/* root may open a 0200 file for reading (CAP_DAC_OVERRIDE): no read op */
	fd = open(PASSWD_FILE, O_RDONLY);
	check(fd >= 0 && read(fd, buf, sizeof(buf)) == -1 && errno == EINVAL,
	      "passwd cannot be read (EINVAL)");
	if (fd >= 0)
		close(fd);
}

static int without_cap(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];
	long a, b, c;

	if (syscall(SYS_capget, &hdr, data))
		return 100;
	data[0].effective &= ~(1U << CAP_SYS_ADMIN);
	if (syscall(SYS_capset, &hdr, data))
		return 101;
	a = try_write(LEVEL_FILE, "2", 1, 0);
	b = try_write(PASSWD_FILE, "seclvl-test-unlock", 18, 0);
	c = try_write(HASH_FILE, OTHER_HASH, sizeof(OTHER_HASH) - 1, 0);
	return (a == -EPERM) | (b == -EPERM) << 1 | (c == -EPERM) << 2;
}

int main(void)
{
	int status;
	pid_t pid;

	printf("TAP version 13\n# suite: hostile\n");
	if (try_write(LEVEL_FILE, "1\n", 2, 0) != 2 || read_level() != START_LEVEL) {
		printf("Bail out! cannot start at level %d\n", START_LEVEL);
		return 1;
	}
	run_rows(LEVEL_FILE, level_rows, sizeof(level_rows) / sizeof(level_rows[0]));
	split_write();
	reads();
	pid = fork();
	if (!pid)
		_exit(without_cap());
	waitpid(pid, &status, 0);
	/* 100 and 101: the capability could not be dropped, nothing tried */
	check(WIFEXITED(status) && WEXITSTATUS(status) < 100,
	      "without CAP_SYS_ADMIN: the child dropped it (status %d)", WEXITSTATUS(status));
	check(WIFEXITED(status) && WEXITSTATUS(status) < 100 && (WEXITSTATUS(status) & 1),
	      "without CAP_SYS_ADMIN: writing the level refused (EPERM)");
	check(WIFEXITED(status) && WEXITSTATUS(status) < 100 && (WEXITSTATUS(status) & 2),
	      "without CAP_SYS_ADMIN: writing the password refused (EPERM)");
	check(WIFEXITED(status) && WEXITSTATUS(status) < 100 && (WEXITSTATUS(status) & 4),
	      "without CAP_SYS_ADMIN: setting the password refused (EPERM)");
	check(read_level() == START_LEVEL, "without CAP_SYS_ADMIN: level still %d", START_LEVEL);
	run_rows(PASSWD_FILE, passwd_rows, sizeof(passwd_rows) / sizeof(passwd_rows[0]));
	run_rows(HASH_FILE, hash_rows, sizeof(hash_rows) / sizeof(hash_rows[0]));
	return tap_plan();
}
