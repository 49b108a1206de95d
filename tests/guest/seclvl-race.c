// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclvl concurrency test: for a bounded time, processes race level raises
 * (and attempts to lower), reads, and wrong passwords. The level must only
 * ever go up as seen by every reader, the password throttle must hold
 * (at most one verification a second for all guessers together), and the
 * kernel log must stay clean (the runner checks that).
 *
 * Starts at level 0; ends by unlocking with the right password, so that
 * the next suite of the boot starts at 0 again.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"

#define LEVEL_FILE	"/sys/kernel/security/seclvl/seclvl"
#define PASSWD_FILE	"/sys/kernel/security/seclvl/passwd"
#define RUN_SECONDS	8
#define READERS		3
#define WRITERS		2
#define GUESSERS	3

struct shared {
	long reads, regressions, bad_reads;
	long raises, lowers_refused, bad_writes;
	long guesses, guess_errors;
	long long first_ns, last_ns;	/* completion times of the guesses */
};

static struct shared *sh;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int read_level(void)
{
	char buf[16] = "";
	int fd = open(LEVEL_FILE, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	return n > 0 ? atoi(buf) : -100;
}

static long write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	long ret;

	if (fd < 0)
		return -errno;
	ret = write(fd, s, strlen(s));
	if (ret < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static void reader(double end)
{
	int last = -1, lvl;

	while (now() < end) {
		lvl = read_level();
		__atomic_add_fetch(&sh->reads, 1, __ATOMIC_RELAXED);
		if (lvl < -1 || lvl > 2)
			__atomic_add_fetch(&sh->bad_reads, 1, __ATOMIC_RELAXED);
		else if (lvl < last)
			__atomic_add_fetch(&sh->regressions, 1, __ATOMIC_RELAXED);
		if (lvl >= -1)
			last = lvl;
	}
}

static void writer(double end, unsigned int seed)
{
	static const char *const levels[] = { "0\n", "1\n", "2\n" };
	int cur, want;
	long ret;

	while (now() < end) {
		want = rand_r(&seed) % 3;
		cur = read_level();
		ret = write_str(LEVEL_FILE, levels[want]);
		if (ret > 0) {
			__atomic_add_fetch(&sh->raises, 1, __ATOMIC_RELAXED);
		} else if (ret == -EPERM && want < cur) {
			__atomic_add_fetch(&sh->lowers_refused, 1, __ATOMIC_RELAXED);
		} else if (ret != -EPERM) {
			/* EPERM with want >= cur: another writer raised it meanwhile */
			__atomic_add_fetch(&sh->bad_writes, 1, __ATOMIC_RELAXED);
		}
		usleep(1000 + rand_r(&seed) % 1000);
	}
}

static void guesser(double end)
{
	char pw[32];
	long ret;
	int i = 0;

	while (now() < end) {
		snprintf(pw, sizeof(pw), "wrong-%d-%d", getpid(), i++);
		ret = write_str(PASSWD_FILE, pw);
		if (ret == -EPERM) {
			long long t = (long long)(now() * 1e9), old;

			__atomic_add_fetch(&sh->guesses, 1, __ATOMIC_RELAXED);
			old = __atomic_load_n(&sh->first_ns, __ATOMIC_RELAXED);
			while ((!old || t < old) &&
			       !__atomic_compare_exchange_n(&sh->first_ns, &old, t, 0,
							    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
				;
			old = __atomic_load_n(&sh->last_ns, __ATOMIC_RELAXED);
			while (t > old &&
			       !__atomic_compare_exchange_n(&sh->last_ns, &old, t, 0,
							    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
				;
		} else {
			__atomic_add_fetch(&sh->guess_errors, 1, __ATOMIC_RELAXED);
		}
	}
}

int main(void)
{
	double start, end, elapsed, rate, span;
	pid_t pids[READERS + WRITERS + GUESSERS];
	int i, n = 0, status, all_ok = 1;

	printf("TAP version 13\n# suite: race\n");
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || read_level() != 0) {
		printf("Bail out! needs level 0 and shared memory\n");
		return 1;
	}
	start = now();
	end = start + RUN_SECONDS;
	for (i = 0; i < READERS + WRITERS + GUESSERS; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			printf("Bail out! fork\n");
			return 1;
		}
		if (!pid) {
			if (i < READERS)
				reader(end);
			else if (i < READERS + WRITERS)
				writer(end, 1234u + i);
			else
				guesser(end);
			_exit(0);
		}
		pids[n++] = pid;
	}
	for (i = 0; i < n; i++) {
		waitpid(pids[i], &status, 0);
		all_ok &= WIFEXITED(status) && !WEXITSTATUS(status);
	}
	elapsed = now() - start;
	/* verifications per second between the first and the last one */
	span = (sh->last_ns - sh->first_ns) / 1e9;
	rate = sh->guesses > 1 && span > 0 ? (sh->guesses - 1) / span : 0;

	check(all_ok, "race: %d readers, %d writers, %d guessers ran for %.1f s", READERS,
	      WRITERS, GUESSERS, elapsed);
	check(sh->reads > 100 && !sh->bad_reads, "race: %ld reads, all a valid level", sh->reads);
	check(!sh->regressions, "race: no reader ever saw the level go down (%ld regressions)",
	      sh->regressions);
	check(sh->raises > 0 && !sh->bad_writes,
	      "race: %ld accepted writes, %ld lowerings refused (EPERM), %ld unexpected results",
	      sh->raises, sh->lowers_refused, sh->bad_writes);
	check(read_level() == 2, "race: the level ended at 2");
	printf("# password guesses: %ld, %.2f s from the first to the last: %.3f per second (%d guessers)\n",
	       sh->guesses, span, rate, GUESSERS);
	check(sh->guesses > 0 && !sh->guess_errors, "race: every guess refused with EPERM");
	/* 2% for the scheduling jitter of the completion times */
	check(sh->guesses > 3 && rate <= 1.02,
	      "race: throttle held: %.3f verifications per second (<= 1)", rate);
	check(write_str(PASSWD_FILE, "seclvl-test-unlock\n") > 0 && read_level() == 0,
	      "race: the right password brings the level back to 0 for the next suite");
	return tap_plan();
}
