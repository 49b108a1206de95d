/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TAP output for the in-guest C suites: one "ok N - ..." or "not ok N - ..."
 * line per check; the suite prints "1..N" (tap_plan) when it is done.
 */
#ifndef SECLVL_TAP_H
#define SECLVL_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tests, failures;

static inline void tap_report(int ok, const char *fmt, va_list ap)
{
	tests++;
	if (!ok)
		failures++;
	printf("%sok %d - ", ok ? "" : "not ", tests);
	vprintf(fmt, ap);
	printf("\n");
	fflush(stdout);
}

static inline int check(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* one result: ok when @ok is true */
static inline int check(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_report(ok, fmt, ap);
	va_end(ap);
	return ok;
}

/* a diagnostic line under the last result */
static inline void diag(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static inline void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("#   ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

/* the plan, last; returns the suite's exit status */
static inline int tap_plan(void)
{
	printf("1..%d\n", tests);
	return failures ? 1 : 0;
}

#endif /* SECLVL_TAP_H */
