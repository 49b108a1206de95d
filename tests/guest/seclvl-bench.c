// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclvl hook overhead microbenchmark: the system calls whose paths carry
 * seclvl's hooks (path walk, open, read/write, chmod, fork+exec, ioctl,
 * mmap of a program and of anonymous memory),
 * and adjtimex()'s read-only requests (which reach no LSM hook and take
 * no lock: the timekeeping patch's narrow form), timed in a loop. Prints one line per operation and repeat:
 *
 *   bench repeat=R op=NAME iterations=N ns_per_op=X
 *
 * The host runs it on the same kernel booted with and without seclvl and
 * compares (scripts/bench.sh); under QEMU TCG only such ratios mean
 * anything.
 *
 * "seclvl-bench unlock N ITERATIONS" times N wrong unlock passwords
 * instead, each a second and a half after the last (the throttle's second
 * has passed: the time is the verification's, PBKDF2 with ITERATIONS, the
 * set password's count):
 *
 *   bench unlock repeat=R iterations=I ns_per_verification=X
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEEP "/tmp/bench/a/b/c/d/e/f/g/h/file"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void op_stat(void)
{
	struct stat st;

	if (stat(DEEP, &st))
		exit(2);
}

static void op_open_close(void)
{
	int fd = open(DEEP, O_RDONLY);

	if (fd < 0)
		exit(3);
	close(fd);
}

static int rw_fd;

static void op_read_write(void)
{
	char buf[64] = "seclvl";

	if (pwrite(rw_fd, buf, sizeof(buf), 0) != sizeof(buf) ||
	    pread(rw_fd, buf, sizeof(buf), 0) != sizeof(buf))
		exit(4);
}

/* an ioctl on a regular file: the file_ioctl hooks' path */
static void op_ioctl(void)
{
	int n;

	if (ioctl(rw_fd, FIONREAD, &n))
		exit(7);
}

/* adjtimex() reading the NTP state, as ntpd and chronyd poll it */
static void op_adjtimex_read(void)
{
	struct timex tx = { .modes = 0 };

	if (adjtimex(&tx) < 0)
		exit(8);
}

/* adjtime(NULL, &old): ADJ_OFFSET_SS_READ */
static void op_adjtime_read(void)
{
	struct timex tx = { .modes = ADJ_OFFSET_SS_READ };

	if (adjtimex(&tx) < 0)
		exit(9);
}

static void op_chmod(void)
{
	if (chmod(DEEP, 0644))
		exit(5);
}

static int exec_fd;

/* a program's text mapped as the ELF loader maps it (the exec rule's path) */
static void op_mmap_exec(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, exec_fd, 0);

	if (p == MAP_FAILED)
		exit(10);
	munmap(p, 4096);
}

/* anonymous memory, as malloc maps it */
static void op_mmap_anon(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(11);
	munmap(p, 4096);
}

static void op_fork_exec(void)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		exit(6);
	if (!pid) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
}

static const struct {
	const char *name;
	void (*fn)(void);
	int iterations;
} ops[] = {
	{ "stat-deep-path", op_stat, 20000 },
	{ "open-close", op_open_close, 20000 },
	{ "read-write-64B", op_read_write, 20000 },
	{ "chmod", op_chmod, 20000 },
	{ "ioctl-fionread", op_ioctl, 20000 },
	{ "adjtimex-read", op_adjtimex_read, 20000 },
	{ "adjtime-ss-read", op_adjtime_read, 20000 },
	{ "mmap-exec-munmap", op_mmap_exec, 20000 },
	{ "mmap-anon-munmap", op_mmap_anon, 20000 },
	{ "fork-exec", op_fork_exec, 300 },
};

#define PASSWD_FILE	"/sys/kernel/security/seclvl/passwd"

static int bench_unlock(int repeats, const char *iterations)
{
	static const struct timespec wait = { 1, 500000000 };
	int r, fd;
	long ret;

	for (r = 1; r <= repeats; r++) {
		double t0, t1;

		nanosleep(&wait, NULL);
		fd = open(PASSWD_FILE, O_WRONLY);
		if (fd < 0)
			return 10;
		t0 = now();
		ret = write(fd, "wrong password\n", 15);
		t1 = now();
		close(fd);
		if (ret != -1 || errno != EPERM)
			return 11;
		printf("bench unlock repeat=%d iterations=%s ns_per_verification=%.0f\n", r,
		       iterations, t1 - t0);
		fflush(stdout);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int repeats = argc > 1 ? atoi(argv[1]) : 5;
	unsigned int i;
	int r, n;

	if (argc == 4 && !strcmp(argv[1], "unlock"))
		return bench_unlock(atoi(argv[2]), argv[3]);

	if (system("mkdir -p /tmp/bench/a/b/c/d/e/f/g/h && touch " DEEP))
		return 1;
	rw_fd = open("/tmp/bench/rw", O_RDWR | O_CREAT, 0644);
	exec_fd = open("/bin/busybox", O_RDONLY);
	if (rw_fd < 0 || exec_fd < 0)
		return 1;
	for (r = 1; r <= repeats; r++) {
		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			double t0, t1;

			for (n = 0; n < ops[i].iterations / 10; n++)
				ops[i].fn();	/* warm up */
			t0 = now();
			for (n = 0; n < ops[i].iterations; n++)
				ops[i].fn();
			t1 = now();
			printf("bench repeat=%d op=%s iterations=%d ns_per_op=%.1f\n", r,
			       ops[i].name, ops[i].iterations, (t1 - t0) / ops[i].iterations);
			fflush(stdout);
		}
	}
	return 0;
}
