// SPDX-License-Identifier: GPL-2.0-only
/*
 * Set the system clock from the RTC, which keeps UTC, and nothing else:
 * busybox hwclock -s also sets the kernel's timezone, and the first
 * timezone set since boot warps the clock (timekeeping_warp_clock()),
 * which the levels walk tests itself.
 *
 *   rtc-settime [RTC_DEV]   (default /dev/rtc0)
 */
#include <fcntl.h>
#include <linux/rtc.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *dev = argc > 1 ? argv[1] : "/dev/rtc0";
	struct timespec ts = { 0 };
	struct rtc_time r;
	struct tm tm = { 0 };
	int fd = open(dev, O_RDONLY);

	if (fd < 0 || ioctl(fd, RTC_RD_TIME, &r)) {
		perror(dev);
		return 1;
	}
	close(fd);
	tm.tm_sec = r.tm_sec;
	tm.tm_min = r.tm_min;
	tm.tm_hour = r.tm_hour;
	tm.tm_mday = r.tm_mday;
	tm.tm_mon = r.tm_mon;
	tm.tm_year = r.tm_year;
	ts.tv_sec = timegm(&tm);
	if (ts.tv_sec == (time_t)-1 || clock_settime(CLOCK_REALTIME, &ts)) {
		perror("clock_settime");
		return 1;
	}
	return 0;
}
