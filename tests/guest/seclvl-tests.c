// SPDX-License-Identifier: GPL-2.0-only
/*
 * seclvl in-guest test suite: one boot walks the levels 0 -> 1 -> 2, back
 * to 0 by password, then to -1. For every rule it shows the operation
 * allowed below the rule's level, denied with the exact errno at the level
 * and above, and that nothing changed (mode, flags, clock, disk contents,
 * module list, mounts).
 *
 * Runs as PID 1's child on the test boot (rdinit=/tests/init) with:
 *   /dev/vda  test disk, ext4 in its first 8 MiB, mounted at /mnt/disk
 *   /dev/vdb  test disk, never mounted
 *   /dev/vdc  test disk, ext4, not mounted: the mount rule mounts it
 *   CONFIG_SECURITY_SECLVL_PASSWD: SECLVL_TEST_PASSWORD (test-kernel.config)
 *
 * Every test line names its rule as [rule-id], the ids of the rule table
 * in Documentation/admin-guide/LSM/seclvl.rst.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/falloc.h>
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <linux/rtc.h>
#include <net/if.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/uio.h>
#include <sys/xattr.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"

#define LEVEL_FILE	"/sys/kernel/security/seclvl/seclvl"
#define PASSWD_FILE	"/sys/kernel/security/seclvl/passwd"
#define SECLVL_TEST_PASSWORD "seclvl-test-unlock"
#define TESTMOD		"/tests/seclvl_testmod.ko"
#define TESTMOD_NAME	"seclvl_testmod"
#define DEBUGFS_FILE	"/sys/kernel/debug/seclvl_testmod/value"
#define MOUNTED_DEV	"/dev/vda"
#define SPARE_DEV	"/dev/vdb"
#define MNT		"/mnt/disk"
/* beyond the 8 MiB filesystem on vda: writing there harms nothing */
#define BLK_OFF		(12 << 20)
#define BLK_LEN		4096

/* ok when @ret is -1 with errno @err */
static int check_err(long ret, int err, const char *fmt, ...)
{
	int saved = errno;
	int ok = ret == -1 && saved == err;
	va_list ap;

	va_start(ap, fmt);
	tap_report(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		diag("expected -1 (%s), got %ld (%s)", strerror(err), ret,
		     ret == -1 ? strerror(saved) : "no error");
	return ok;
}

/* ok when @ret is not -1 */
static int check_ok(long ret, const char *fmt, ...)
{
	int saved = errno;
	int ok = ret != -1;
	va_list ap;

	va_start(ap, fmt);
	tap_report(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		diag("failed: %s", strerror(saved));
	return ok;
}

static void bail(const char *what)
{
	printf("Bail out! %s: %s\n", what, strerror(errno));
	exit(1);
}

/* ---- helpers ---------------------------------------------------------- */

static int read_level(void)
{
	char buf[16] = "";
	int fd = open(LEVEL_FILE, O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) < 0)
		bail("read " LEVEL_FILE);
	close(fd);
	return atoi(buf);
}

/* write @len bytes at @off to @path in one write; returns write()'s result */
static long write_at(const char *path, const void *buf, size_t len, off_t off)
{
	int fd = open(path, O_WRONLY);
	long ret;
	int saved;

	if (fd < 0)
		return -1;
	ret = off ? pwrite(fd, buf, len, off) : write(fd, buf, len);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

static long write_str(const char *path, const char *s)
{
	return write_at(path, s, strlen(s), 0);
}

static void set_level(int level)
{
	char buf[8];

	snprintf(buf, sizeof(buf), "%d\n", level);
	check_ok(write_str(LEVEL_FILE, buf), "interface: raise the level to %d",
		 level);
	check(read_level() == level, "interface: level reads %d", level);
}

/* does the kernel log contain @needle? */
static int klog_has(const char *needle)
{
	static char buf[1 << 17];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, sizeof(buf) - 1);

	if (n < 0)
		return 0;
	buf[n] = '\0';
	return strstr(buf, needle) != NULL;
}

static void check_log(const char *rule, int level)
{
	char needle[200];

	snprintf(needle, sizeof(needle), "seclvl: denied %s: seclvl-tests[%d] at level %d",
		 rule, getpid(), level);
	check(klog_has(needle), "log: the denial names the rule, the task and the level (\"%s\")",
	      needle + 8);
}

static int in_file(const char *path, const char *needle)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, needle) != NULL;
	fclose(f);
	return found;
}

static int module_loaded(void)
{
	return in_file("/proc/modules", TESTMOD_NAME " ");
}

static int mounted(const char *mnt)
{
	char needle[128];

	snprintf(needle, sizeof(needle), " %s ", mnt);
	return in_file("/proc/mounts", needle);
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? (mode_t)-1 : st.st_mode & 07777;
}

static int exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

static int get_flags(const char *path)
{
	int fd = open(path, O_RDONLY), flags = -1;

	if (fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags))
		flags = -1;
	if (fd >= 0)
		close(fd);
	return flags;
}

static long set_flags(const char *path, int flags)
{
	int fd = open(path, O_RDONLY), saved;
	long ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, FS_IOC_SETFLAGS, &flags);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

static long set_xflags(const char *path, unsigned int xflags)
{
	struct fsxattr fsx;
	int fd = open(path, O_RDONLY), saved;
	long ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, FS_IOC_FSGETXATTR, &fsx);
	if (!ret) {
		fsx.fsx_xflags = xflags;
		ret = ioctl(fd, FS_IOC_FSSETXATTR, &fsx);
	}
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

static int lo_mtu(int *mtu, int set)
{
	struct ifreq ifr;
	int s = socket(AF_UNIX, SOCK_DGRAM, 0), ret, saved;

	if (s < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	ifr.ifr_mtu = *mtu;
	ret = ioctl(s, set ? SIOCSIFMTU : SIOCGIFMTU, &ifr);
	saved = errno;
	if (!ret && !set)
		*mtu = ifr.ifr_mtu;
	close(s);
	errno = saved;
	return ret;
}

static long load_module_mem(void)
{
	static char image[1 << 20];
	int fd = open(TESTMOD, O_RDONLY);
	long len;

	if (fd < 0)
		bail("open " TESTMOD);
	len = read(fd, image, sizeof(image));
	close(fd);
	if (len <= 0)
		bail("read " TESTMOD);
	return syscall(SYS_init_module, image, (unsigned long)len, "");
}

static long load_module_fd(void)
{
	int fd = open(TESTMOD, O_RDONLY), saved;
	long ret;

	if (fd < 0)
		bail("open " TESTMOD);
	ret = syscall(SYS_finit_module, fd, "", 0);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

static long unload_module(void)
{
	return syscall(SYS_delete_module, TESTMOD_NAME, O_NONBLOCK);
}

static long open_close(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd >= 0)
		close(fd);
	return fd < 0 ? -1 : 0;
}

static void read_block(int fd, off_t off, char *buf)
{
	if (pread(fd, buf, BLK_LEN, off) != BLK_LEN)
		bail("pread block device");
}

/* time in ns, CLOCK_REALTIME */
static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long step_settimeofday(int secs)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	tv.tv_sec += secs;
	return settimeofday(&tv, NULL);
}

static long step_clock_settime(int secs)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += secs;
	return clock_settime(CLOCK_REALTIME, &ts);
}

static long step_adjtimex(int secs, int use_clock_adjtime)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET | ADJ_NANO;
	tx.time.tv_sec = secs;
	tx.time.tv_usec = 0;
	if (use_clock_adjtime)
		return syscall(SYS_clock_adjtime, CLOCK_REALTIME, &tx);
	return adjtimex(&tx);
}

/* ok when a denied clock step left the clock where it was */
static void check_clock_kept(long long before, const char *how)
{
	long long after = now_ns();

	check(after >= before && after - before < 5000000000LL,
	      "[clock-backwards] level 2: %s: clock not moved back", how);
}

/* run @fn in a child process; returns its exit status */
static int in_child(int (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		bail("fork");
	if (!pid)
		_exit(fn());
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static int seize_init(void)
{
	/* the tracer's exit detaches it again */
	return ptrace(PTRACE_SEIZE, 1, 0, 0) ? errno : 0;
}

static int drop_sys_admin_and_write(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return 100;
	data[0].effective &= ~(1U << CAP_SYS_ADMIN);
	if (syscall(SYS_capset, &hdr, data))
		return 101;
	if (write_str(LEVEL_FILE, "2\n") != -1)
		return 0;
	return errno;
}

/* ---- ptrace of init --------------------------------------------------- */

static void ptrace_paths(int level, int denied)
{
	char buf[16];
	struct iovec local = { buf, sizeof(buf) }, remote = { NULL, sizeof(buf) };
	const char *v = denied ? "denied" : "allowed";
	int r;

	/* an address that is mapped in init: its stack top is fine to read */
	remote.iov_base = (void *)0;

	r = in_child(seize_init);
	if (denied) {
		check(r == EPERM, "[ptrace-init] level %d: PTRACE_SEIZE of init denied (EPERM)", level);
		check(ptrace(PTRACE_ATTACH, 1, 0, 0) == -1 && errno == EPERM,
		      "[ptrace-init] level %d: PTRACE_ATTACH to init denied (EPERM)", level);
		check_err(open_close("/proc/1/mem", O_RDONLY), EACCES,
			  "[ptrace-init] level %d: open /proc/1/mem denied (EACCES)", level);
		check_err(process_vm_readv(1, &local, 1, &remote, 1, 0), EPERM,
			  "[ptrace-init] level %d: process_vm_readv of init denied (EPERM)", level);
		check_err(process_vm_writev(1, &local, 1, &remote, 1, 0), EPERM,
			  "[ptrace-init] level %d: process_vm_writev to init denied (EPERM)", level);
		check(in_file("/proc/1/status", "TracerPid:\t0"),
		      "[ptrace-init] level %d: init is not traced", level);
	} else {
		check(r == 0, "[ptrace-init] level %d: PTRACE_SEIZE of init %s", level, v);
		check_ok(open_close("/proc/1/mem", O_RDONLY),
			 "[ptrace-init] level %d: open /proc/1/mem %s", level, v);
		/* address 0 is not mapped: EFAULT means the access check passed */
		check_err(process_vm_readv(1, &local, 1, &remote, 1, 0), EFAULT,
			  "[ptrace-init] level %d: process_vm_readv of init %s (reaches init's memory: EFAULT at 0)",
			  level, v);
	}

	/* read-mode access is not tampering: allowed at every level */
	check(readlink("/proc/1/exe", buf, sizeof(buf)) > 0,
	      "[ptrace-init] level %d: readlink /proc/1/exe allowed (read mode)", level);
	check_ok(open_close("/proc/1/environ", O_RDONLY),
		 "[ptrace-init] level %d: open /proc/1/environ allowed (read mode)", level);
	check_ok(open_close("/proc/1/maps", O_RDONLY),
		 "[ptrace-init] level %d: open /proc/1/maps allowed (read mode)", level);
	check_ok(open_close("/proc/1/ns/mnt", O_RDONLY),
		 "[ptrace-init] level %d: open /proc/1/ns/mnt allowed (what nsenter -t 1 does)", level);
	if (denied)
		check_err(open_close("/proc/1/mem", O_RDWR), EACCES,
			  "[ptrace-init] level %d: open /proc/1/mem for writing denied (EACCES)",
			  level);
}

/* ---- setuid/setgid ---------------------------------------------------- */

static void setid_allowed(int level)
{
	int fd;

	fd = open("/tmp/setid-chmod", O_CREAT | O_WRONLY, 0755);
	close(fd);
	check_ok(chmod("/tmp/setid-chmod", 04755), "[setid] level %d: chmod u+s allowed", level);
	check(mode_of("/tmp/setid-chmod") == 04755, "[setid] level %d: mode is 04755", level);
	chmod("/tmp/setid-chmod", 0755);
	fd = open("/tmp/setid-creat", O_CREAT | O_WRONLY | O_EXCL, 04755);
	check_ok(fd, "[setid] level %d: open(O_CREAT, 04755) allowed", level);
	if (fd >= 0)
		close(fd);
	unlink("/tmp/setid-creat");
	check_ok(mknod("/tmp/setid-mknod", S_IFREG | 02755, 0),
		 "[setid] level %d: mknod(S_IFREG | 02755) allowed", level);
	unlink("/tmp/setid-mknod");
	fd = open("/tmp", O_TMPFILE | O_WRONLY, 04755);
	check_ok(fd, "[setid] level %d: open(O_TMPFILE, 04755) allowed", level);
	if (fd >= 0)
		close(fd);
	/* kept for the level 1 test: keeping a bit is not giving it */
	fd = open("/tmp/setid-kept", O_CREAT | O_WRONLY, 0755);
	close(fd);
	chmod("/tmp/setid-kept", 04755);
}

static void setid_denied(int level)
{
	int fd, dfd;

	fd = open("/tmp/setid-chmod", O_CREAT | O_WRONLY, 0755);
	chmod("/tmp/setid-chmod", 0755);
	check_err(chmod("/tmp/setid-chmod", 04755), EPERM,
		  "[setid] level %d: chmod u+s denied (EPERM)", level);
	if (level == 1)
		check_log("setuid/setgid file mode", level);
	check_err(fchmod(fd, 02755), EPERM, "[setid] level %d: fchmod g+s denied (EPERM)", level);
	dfd = open("/tmp", O_RDONLY | O_DIRECTORY);
	check_err(fchmodat(dfd, "setid-chmod", 06755, 0), EPERM,
		  "[setid] level %d: fchmodat ug+s denied (EPERM)", level);
	close(dfd);
	close(fd);
	check(mode_of("/tmp/setid-chmod") == 0755,
	      "[setid] level %d: denied chmods left the mode at 0755", level);
	check_err(open("/tmp/setid-creat", O_CREAT | O_WRONLY | O_EXCL, 04755), EPERM,
		  "[setid] level %d: open(O_CREAT, 04755) denied (EPERM)", level);
	check(!exists("/tmp/setid-creat"), "[setid] level %d: no file was created", level);
	check_err(mknod("/tmp/setid-mknod", S_IFREG | 02755, 0), EPERM,
		  "[setid] level %d: mknod(S_IFREG | 02755) denied (EPERM)", level);
	check(!exists("/tmp/setid-mknod"), "[setid] level %d: no node was created", level);
	check_err(open("/tmp", O_TMPFILE | O_WRONLY, 04755), EPERM,
		  "[setid] level %d: open(O_TMPFILE, 04755) denied (EPERM)", level);
	/* what stays allowed */
	check_ok(chmod("/tmp/setid-chmod", 0700), "[setid] level %d: chmod without setid bits allowed", level);
	check_ok(chmod("/tmp/setid-kept", 04700),
		 "[setid] level %d: chmod keeping an existing setuid bit allowed", level);
	rmdir("/tmp/setid-dir");
	mkdir("/tmp/setid-dir", 0755);
	check_ok(chmod("/tmp/setid-dir", 02755), "[setid] level %d: chmod g+s on a directory allowed",
		 level);
	check(mode_of("/tmp/setid-dir") == 02755, "[setid] level %d: directory is setgid", level);
}

/* ---- block devices ---------------------------------------------------- */

struct bdev {
	const char *path;
	int fd;		/* opened O_RDWR at level 0 */
	char *map;	/* MAP_SHARED, PROT_READ, made at level 0 */
};

static void bdev_prepare(struct bdev *b, const char *path)
{
	b->path = path;
	b->fd = open(path, O_RDWR);
	if (b->fd < 0)
		bail(path);
	b->map = mmap(NULL, BLK_LEN, PROT_READ, MAP_SHARED, b->fd, BLK_OFF);
	if (b->map == MAP_FAILED)
		bail("mmap block device");
}

static void bdev_allowed(struct bdev *b, const char *rule, int level)
{
	char orig[BLK_LEN], buf[BLK_LEN], back[BLK_LEN];
	void *m;
	int fd;

	read_block(b->fd, BLK_OFF, orig);
	memset(buf, 0x5a, sizeof(buf));
	fd = open(b->path, O_WRONLY);
	check_ok(fd, "[%s] level %d: open %s O_WRONLY allowed", rule, level, b->path);
	check(fd >= 0 && pwrite(fd, buf, BLK_LEN, BLK_OFF) == BLK_LEN,
	      "[%s] level %d: write to %s allowed", rule, level, b->path);
	read_block(b->fd, BLK_OFF, back);
	check(!memcmp(back, buf, BLK_LEN), "[%s] level %d: %s holds what was written", rule,
	      level, b->path);
	if (fd >= 0) {
		pwrite(fd, orig, BLK_LEN, BLK_OFF);
		close(fd);
	}
	check(pwrite(b->fd, orig, BLK_LEN, BLK_OFF) == BLK_LEN,
	      "[%s] level %d: write through a descriptor opened at level 0 allowed", rule, level);
	m = mmap(NULL, BLK_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd, BLK_OFF);
	check(m != MAP_FAILED, "[%s] level %d: shared writable mapping of %s allowed", rule, level,
	      b->path);
	if (m != MAP_FAILED)
		munmap(m, BLK_LEN);
}

static void bdev_denied(struct bdev *b, const char *rule, int level, const char *log)
{
	char orig[BLK_LEN], buf[BLK_LEN], back[BLK_LEN];
	unsigned long long range[2] = { BLK_OFF, BLK_LEN };

	read_block(b->fd, BLK_OFF, orig);
	memset(buf, 0xa5, sizeof(buf));
	check_err(open_close(b->path, O_WRONLY), EPERM,
		  "[%s] level %d: open %s O_WRONLY denied (EPERM)", rule, level, b->path);
	if (log)
		check_log(log, level);
	check_err(open_close(b->path, O_RDWR), EPERM,
		  "[%s] level %d: open %s O_RDWR denied (EPERM)", rule, level, b->path);
	check_err(pwrite(b->fd, buf, BLK_LEN, BLK_OFF), EPERM,
		  "[%s] level %d: pwrite through a descriptor opened at level 0 denied (EPERM)",
		  rule, level);
	check_err(lseek(b->fd, BLK_OFF, SEEK_SET) < 0 ? -1 : write(b->fd, buf, BLK_LEN), EPERM,
		  "[%s] level %d: write through a descriptor opened at level 0 denied (EPERM)",
		  rule, level);
	check(mmap(NULL, BLK_LEN, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd, BLK_OFF) ==
	      MAP_FAILED && errno == EPERM,
	      "[%s] level %d: new shared writable mapping denied (EPERM)", rule, level);
	check_err(mprotect(b->map, BLK_LEN, PROT_READ | PROT_WRITE), EPERM,
		  "[%s] level %d: mprotect of a shared mapping to writable denied (EPERM)",
		  rule, level);
	check_err(ioctl(b->fd, BLKZEROOUT, range), EPERM,
		  "[%s] level %d: BLKZEROOUT denied (EPERM)", rule, level);
	check_err(ioctl(b->fd, BLKDISCARD, range), EPERM,
		  "[%s] level %d: BLKDISCARD denied (EPERM)", rule, level);
	check_err(fallocate(b->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, BLK_OFF, BLK_LEN),
		  EPERM, "[%s] level %d: fallocate(PUNCH_HOLE) denied (EPERM)", rule, level);
	read_block(b->fd, BLK_OFF, back);
	check(!memcmp(orig, back, BLK_LEN), "[%s] level %d: %s contents unchanged", rule, level,
	      b->path);
	check_ok(open_close(b->path, O_RDONLY), "[%s] level %d: open %s O_RDONLY still allowed",
		 rule, level, b->path);
}

/*
 * What mkfs, sfdisk and wipefs do to an unmounted disk: an exclusive open
 * (O_EXCL), then writes. The writer's own claim is no mount.
 */
static void bdev_excl_write_allowed(struct bdev *b, const char *rule, int level)
{
	char orig[BLK_LEN], buf[BLK_LEN], back[BLK_LEN];
	int fd;

	read_block(b->fd, BLK_OFF, orig);
	memset(buf, 0x3c, sizeof(buf));
	fd = open(b->path, O_RDWR | O_EXCL);
	check_ok(fd, "[%s] level %d: open %s O_RDWR|O_EXCL allowed (as mkfs does)", rule, level,
		 b->path);
	check(fd >= 0 && pwrite(fd, buf, BLK_LEN, BLK_OFF) == BLK_LEN,
	      "[%s] level %d: write through the exclusive open of the unmounted %s allowed",
	      rule, level, b->path);
	read_block(b->fd, BLK_OFF, back);
	check(!memcmp(back, buf, BLK_LEN), "[%s] level %d: %s holds what was written", rule,
	      level, b->path);
	if (fd >= 0) {
		pwrite(fd, orig, BLK_LEN, BLK_OFF);
		close(fd);
	}
}

/*
 * Other names for the same device, made after the raise: a new node, a
 * hard link, a symbolic link. The rule follows the device, not the name.
 */
static void bdev_bypass(struct bdev *b, const char *rule, int level)
{
	struct stat st;

	if (stat(b->path, &st))
		bail("stat block device");
	unlink("/dev/seclvl-node");
	unlink("/dev/seclvl-link");
	unlink("/dev/seclvl-symlink");
	check_ok(mknod("/dev/seclvl-node", S_IFBLK | 0600, st.st_rdev),
		 "[%s] level %d: mknod of a new node for %s allowed", rule, level, b->path);
	check_err(open_close("/dev/seclvl-node", O_WRONLY), EPERM,
		  "[%s] level %d: open of the new node O_WRONLY denied (EPERM)", rule, level);
	check_ok(link(b->path, "/dev/seclvl-link"), "[%s] level %d: hard link to %s allowed",
		 rule, level, b->path);
	check_err(open_close("/dev/seclvl-link", O_WRONLY), EPERM,
		  "[%s] level %d: open of the hard link O_WRONLY denied (EPERM)", rule, level);
	check_ok(symlink(b->path, "/dev/seclvl-symlink"), "[%s] level %d: symlink to %s allowed",
		 rule, level, b->path);
	check_err(open_close("/dev/seclvl-symlink", O_WRONLY), EPERM,
		  "[%s] level %d: open of the symlink O_WRONLY denied (EPERM)", rule, level);
	unlink("/dev/seclvl-node");
	unlink("/dev/seclvl-link");
	unlink("/dev/seclvl-symlink");
}

/* umount from a new mount namespace is still an unmount */
static int umount_in_new_ns(void)
{
	if (unshare(CLONE_NEWNS))
		return 100;
	if (!umount(MNT))
		return 0;
	return errno;
}

/* ---- the mount table -------------------------------------------------- */

#define FS_DEV		"/dev/vdc"	/* ext4, not mounted by the setup */
#define NEW_MNT		"/mnt/new"
#define BIND_MNT	"/mnt/bind"
#define RO_MNT		"/mnt/ro"	/* tmpfs, read-only from level 1 on */
#define RW_MNT		"/mnt/rw"	/* tmpfs, read-write from level 1 on */
#define KEEP_DIR	"/mnt/keep"	/* tmpfs another namespace tries to detach */
#define KEEP_FILE	"/mnt/keep-file"	/* a file bind-mounted on a file */
#define EMPTY_DIR	"/mnt/empty"

static long sys_fsopen(const char *fs)
{
	return syscall(__NR_fsopen, fs, FSOPEN_CLOEXEC);
}

static long sys_fsconfig(int fd, unsigned int cmd, const char *key, const char *value)
{
	return syscall(__NR_fsconfig, fd, cmd, key, value, 0);
}

static long sys_move_mount(int fd, const char *to)
{
	return syscall(__NR_move_mount, fd, "", AT_FDCWD, to, MOVE_MOUNT_F_EMPTY_PATH);
}

/*
 * a tmpfs through the new mount API: fsopen, CMD_CREATE, fsmount with
 * @attr (MOUNT_ATTR_*), move_mount
 */
static long new_api_tmpfs(const char *to, unsigned int attr)
{
	long fs, mnt, r;

	fs = sys_fsopen("tmpfs");
	if (fs < 0)
		return -1;
	r = sys_fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL);
	if (!r) {
		mnt = syscall(__NR_fsmount, fs, FSMOUNT_CLOEXEC, attr);
		r = mnt < 0 ? -1 : sys_move_mount(mnt, to);
		if (mnt >= 0)
			close(mnt);
	}
	close(fs);
	return r;
}

/* the new mount API's way to name a device: the "source" parameter */
static long new_api_source(const char *fstype, const char *dev)
{
	long fs, r;

	fs = sys_fsopen(fstype);
	if (fs < 0)
		return -1;
	r = sys_fsconfig(fs, FSCONFIG_SET_STRING, "source", dev);
	close(fs);
	return r;
}

/* a bind mount without mount(2): open_tree(OPEN_TREE_CLONE) + move_mount */
static long clone_and_move(const char *from, const char *to)
{
	long fd, r;

	fd = syscall(__NR_open_tree, AT_FDCWD, from, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	if (fd < 0)
		return -1;
	r = sys_move_mount(fd, to);
	close(fd);
	return r;
}

/* remount read-write through the new API: fspick + "rw" + CMD_RECONFIGURE */
static long new_api_remount_rw(const char *path)
{
	long fd, r;

	fd = syscall(__NR_fspick, AT_FDCWD, path, FSPICK_CLOEXEC);
	if (fd < 0)
		return -1;
	r = sys_fsconfig(fd, FSCONFIG_SET_FLAG, "rw", NULL);
	if (!r)
		r = sys_fsconfig(fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL);
	close(fd);
	return r;
}

static int read_only(const char *path)
{
	struct statvfs st;

	return !statvfs(path, &st) && (st.f_flag & ST_RDONLY);
}

/* FNV-1a of the whole of @path, read with O_DIRECT past every cache */
static unsigned long long device_hash(const char *path)
{
	static char buf[1 << 16] __attribute__((aligned(4096)));
	unsigned long long h = 14695981039346656037ULL;
	ssize_t n, i;
	int fd;

	fd = open(path, O_RDONLY | O_DIRECT);
	if (fd < 0)
		bail(path);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++)
			h = (h ^ (unsigned char)buf[i]) * 1099511628211ULL;
	close(fd);
	return h;
}

static char *slurp(const char *path)
{
	static char bufs[2][16384];
	static int which;
	char *buf = bufs[which++ & 1];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	n = fd < 0 ? -1 : read(fd, buf, sizeof(bufs[0]) - 1);
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/*
 * Removing a mountpoint from a namespace in which it is not one: vfs_rmdir
 * only refuses the mountpoints of the caller's own namespace, then detaches
 * the mounts on it in every namespace. A child unshares its mount
 * namespace and unmounts its copies of KEEP_DIR and KEEP_FILE, says so (a
 * byte on @res); when told (a byte on @go), it tries rmdir, unlink and
 * rename over them and reports the three errnos (0: done) on @res. A
 * failed set-up step is reported at once as 1000 + errno (unshare), 2000 +
 * (making the mounts private), 3000 + or 4000 + (the two unmounts) in the
 * second errno.
 */
struct detacher {
	pid_t pid;
	int go, res;
};

/* prepared at level 1, run at level 2 */
static struct detacher mount_detacher;

static void detacher_start(struct detacher *d)
{
	int go[2], res[2];
	char c;

	if (pipe(go) || pipe(res))
		bail("pipe");
	d->pid = fork();
	if (d->pid < 0)
		bail("fork");
	if (!d->pid) {
		int errs[3] = { 100, 100, 100 };

		if (unshare(CLONE_NEWNS))
			errs[1] = 1000 + errno;
		else if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
			errs[1] = 2000 + errno;
		else if (umount(KEEP_DIR))
			errs[1] = 3000 + errno;
		else if (umount(KEEP_FILE))
			errs[1] = 4000 + errno;
		if (write(res[1], "r", 1) != 1)
			_exit(1);
		if (errs[1] == 100 && read(go[0], &c, 1) == 1) {
			errs[0] = rmdir(KEEP_DIR) ? errno : 0;
			errs[1] = unlink(KEEP_FILE) ? errno : 0;
			errs[2] = rename(EMPTY_DIR, KEEP_DIR) ? errno : 0;
		}
		if (write(res[1], errs, sizeof(errs)) != sizeof(errs))
			_exit(1);
		_exit(0);
	}
	close(go[0]);
	close(res[1]);
	d->go = go[1];
	d->res = res[0];
	/* the set-up must be done at the level the caller is at */
	if (read(d->res, &c, 1) != 1)
		bail("detacher set-up");
}

static void detacher_run(struct detacher *d, int errs[3])
{
	errs[0] = errs[1] = errs[2] = -1;
	/* a child that failed its set-up has already answered and gone */
	signal(SIGPIPE, SIG_IGN);
	if (write(d->go, "g", 1) != 1 && errno != EPIPE)
		bail("detacher");
	if (read(d->res, errs, 3 * sizeof(int)) != 3 * sizeof(int))
		bail("detacher");
	printf("# detacher: rmdir %d, unlink %d, rename %d\n",
	       errs[0], errs[1], errs[2]);
	waitpid(d->pid, NULL, 0);
	close(d->go);
	close(d->res);
}

static void keep_mounts(void)
{
	int fd;

	mkdir(KEEP_DIR, 0755);
	mkdir(EMPTY_DIR, 0755);
	fd = open(KEEP_FILE, O_CREAT | O_WRONLY, 0644);
	close(fd);
	if (mount("tmpfs", KEEP_DIR, "tmpfs", MS_NOSUID, NULL) ||
	    mount("/tests/init", KEEP_FILE, NULL, MS_BIND, NULL))
		bail("mount " KEEP_DIR);
}

static void mounts_allowed(int level, struct detacher *later)
{
	/* from level 1, new mounts must be nosuid: see mount_nosuid() */
	unsigned long ns = level >= 1 ? MS_NOSUID : 0;
	unsigned int ns_attr = level >= 1 ? MOUNT_ATTR_NOSUID : 0;
	struct detacher now;
	int errs[3];

	mkdir(NEW_MNT, 0755);
	mkdir(BIND_MNT, 0755);
	mkdir(RO_MNT, 0755);
	mkdir(RW_MNT, 0755);
	check_ok(mount(FS_DEV, NEW_MNT, "ext4", ns, NULL),
		 "[mount] level %d: mount(2) of the unmounted ext4 disk allowed", level);
	check(mounted(NEW_MNT) && !umount(NEW_MNT), "[mount] level %d: mounted, then unmounted",
	      level);
	check_ok(mount(MNT, BIND_MNT, NULL, MS_BIND, NULL), "[mount] level %d: bind mount allowed",
		 level);
	check_ok(umount(BIND_MNT), "[mount] level %d: bind mount unmounted", level);
	check_ok(new_api_tmpfs(NEW_MNT, ns_attr),
		 "[mount] level %d: fsopen + CMD_CREATE + fsmount + move_mount of a tmpfs allowed",
		 level);
	check(mounted(NEW_MNT) && !umount(NEW_MNT), "[mount] level %d: new-API mount unmounted",
	      level);
	check_ok(new_api_source("ext4", FS_DEV),
		 "[mount] level %d: fsconfig(\"source\", %s) allowed", level, FS_DEV);
	check_ok(clone_and_move(MNT, BIND_MNT),
		 "[mount] level %d: open_tree(OPEN_TREE_CLONE) + move_mount allowed", level);
	check(mounted(BIND_MNT) && !umount(BIND_MNT), "[mount] level %d: clone unmounted", level);
	check_ok(mount("tmpfs", RO_MNT, "tmpfs", MS_RDONLY | ns, NULL),
		 "[mount] level %d: read-only tmpfs mounted", level);
	check_ok(mount(NULL, RO_MNT, NULL, MS_REMOUNT | ns, NULL),
		 "[mount] level %d: remount read-write allowed", level);
	check(!read_only(RO_MNT), "[mount] level %d: remounted read-write", level);
	check_ok(mount(NULL, RO_MNT, NULL, MS_REMOUNT | MS_RDONLY | ns, NULL),
		 "[mount] level %d: remount read-only allowed", level);
	check_ok(mount("tmpfs", RW_MNT, "tmpfs", ns, NULL), "[mount] level %d: tmpfs mounted",
		 level);

	/* removing a mountpoint from another namespace detaches it here */
	keep_mounts();
	detacher_start(&now);
	detacher_run(&now, errs);
	check(!errs[0] && !errs[1],
	      "[mount] level %d: rmdir and unlink of mountpoints from another namespace allowed",
	      level);
	check(!mounted(KEEP_DIR) && !mounted(KEEP_FILE),
	      "[mount] level %d: ... and the mounts are gone from this namespace", level);
	rmdir(KEEP_DIR);
	rmdir(EMPTY_DIR);
	unlink(KEEP_FILE);
	keep_mounts();
	detacher_start(later);
}

/*
 * In a child: a new mount namespace, then pivot_root to the test disk.
 * The hook runs before pivot_root's own checks (which the initramfs root
 * would fail with EINVAL).
 */
static int pivot_in_new_ns(void)
{
	if (unshare(CLONE_NEWNS))
		return 100;
	mkdir(MNT "/old-root", 0755);
	if (!syscall(__NR_pivot_root, MNT, MNT "/old-root"))
		return 0;
	return errno;
}

static void mounts_denied(int level, struct detacher *d)
{
	unsigned long long before = device_hash(FS_DEV);
	char mounts[16384];
	int errs[3], r;

	snprintf(mounts, sizeof(mounts), "%s", slurp("/proc/mounts"));
	check_err(mount(FS_DEV, NEW_MNT, "ext4", 0, NULL), EPERM,
		  "[mount] level %d: mount(2) of the unmounted ext4 disk denied (EPERM)", level);
	check_log("mount table change", level);
	check_err(mount(FS_DEV, NEW_MNT, "ext4", MS_RDONLY, NULL), EPERM,
		  "[mount] level %d: mount(2) of it read-only denied (EPERM)", level);
	check_err(mount("tmpfs", NEW_MNT, "tmpfs", 0, NULL), EPERM,
		  "[mount] level %d: mount(2) of a tmpfs denied (EPERM)", level);
	check_err(mount(MNT, BIND_MNT, NULL, MS_BIND, NULL), EPERM,
		  "[mount] level %d: bind mount denied (EPERM)", level);
	check_err(mount(RW_MNT, BIND_MNT, NULL, MS_MOVE, NULL), EPERM,
		  "[mount] level %d: MS_MOVE denied (EPERM)", level);
	check_err(mount(NULL, RO_MNT, NULL, MS_REMOUNT, NULL), EPERM,
		  "[mount] level %d: remount read-write denied (EPERM)", level);
	check_err(mount(NULL, RO_MNT, NULL, MS_REMOUNT | MS_BIND, NULL), EPERM,
		  "[mount] level %d: remount of one mount read-write (MS_BIND) denied (EPERM)",
		  level);
	check_err(new_api_remount_rw(RO_MNT), EPERM,
		  "[mount] level %d: fspick + \"rw\" + CMD_RECONFIGURE denied (EPERM)", level);
	check(read_only(RO_MNT), "[mount] level %d: " RO_MNT " still read-only", level);
	check_err(new_api_tmpfs(NEW_MNT, MOUNT_ATTR_NOSUID), EPERM,
		  "[mount] level %d: fsopen + CMD_CREATE of a tmpfs denied (EPERM)", level);
	check_err(new_api_source("ext4", FS_DEV), EPERM,
		  "[mount] level %d: fsconfig(\"source\", %s) denied (EPERM)", level, FS_DEV);
	check_err(clone_and_move(MNT, BIND_MNT), EPERM,
		  "[mount] level %d: open_tree(OPEN_TREE_CLONE) + move_mount denied (EPERM)", level);
	r = in_child(pivot_in_new_ns);
	check(r == EPERM, "[mount] level %d: pivot_root in a new mount namespace denied (EPERM, got %d)",
	      level, r);
	detacher_run(d, errs);
	check(errs[0] == EPERM, "[mount] level %d: rmdir of a mountpoint from another namespace denied (EPERM)",
	      level);
	check(errs[1] == EPERM,
	      "[mount] level %d: unlink of a mountpoint from another namespace denied (EPERM)",
	      level);
	check(errs[2] == EPERM,
	      "[mount] level %d: rename over a mountpoint from another namespace denied (EPERM)",
	      level);
	check(!strcmp(mounts, slurp("/proc/mounts")), "[mount] level %d: /proc/mounts unchanged",
	      level);
	check(device_hash(FS_DEV) == before, "[mount] level %d: %s contents unchanged", level,
	      FS_DEV);
	check_ok(mount(NULL, RW_MNT, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID, NULL),
		 "[mount] level %d: remount read-only still allowed", level);
	check(read_only(RW_MNT), "[mount] level %d: " RW_MNT " is read-only now", level);
}

/* ---- the routes around the rules -------------------------------------- */

#define NOSUID_MNT	"/mnt/nosuid"
#define PROBE		"/tests/bin/suid-probe"
#define PROBE_ON_FS	NOSUID_MNT "/suid-probe"
#define NOBODY		65534

/* run PROBE_ON_FS as nobody: 0 when it ran as root, 1 as nobody, 100 + errno */
static int run_probe_as_nobody(void)
{
	char *argv[] = { PROBE_ON_FS, NULL }, *envp[] = { NULL };

	if (setgid(NOBODY) || setuid(NOBODY))
		return 99;
	execve(PROBE_ON_FS, argv, envp);
	return 100 + errno;
}

/*
 * At level 0, the attacker's prepared filesystem: a root-owned setuid copy
 * of the probe on the ext4 disk that only the mount tests mount.
 */
static void setuid_fs_prepare(void)
{
	char buf[1 << 16];
	int in, out, ok = 0;
	ssize_t n;

	mkdir(NOSUID_MNT, 0755);
	if (mount(FS_DEV, NOSUID_MNT, "ext4", 0, NULL))
		bail("mount " FS_DEV);
	in = open(PROBE, O_RDONLY);
	out = open(PROBE_ON_FS, O_CREAT | O_TRUNC | O_WRONLY, 0755);
	if (in >= 0 && out >= 0) {
		ok = 1;
		while ((n = read(in, buf, sizeof(buf))) > 0)
			ok &= write(out, buf, n) == n;
	}
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	ok = ok && !chown(PROBE_ON_FS, 0, 0) && !chmod(PROBE_ON_FS, 04755);
	check(ok, "[late-setid] level 0: a setuid-root program put on %s", FS_DEV);
	check(in_child(run_probe_as_nobody) == 0,
	      "[late-setid] level 0: it runs as root for nobody from a filesystem mounted at level 0");
	if (umount(NOSUID_MNT))
		bail("umount " NOSUID_MNT);
}

static long sys_mount_setattr(const char *path, unsigned long set, unsigned long clr)
{
	struct mount_attr attr = { .attr_set = set, .attr_clr = clr };

	return syscall(__NR_mount_setattr, AT_FDCWD, path, 0, &attr, sizeof(attr));
}

/* level 0: new mounts need not be nosuid */
static void mount_nosuid_allowed(void)
{
	check_ok(mount("tmpfs", NOSUID_MNT, "tmpfs", 0, NULL),
		 "[mount-nosuid] level 0: tmpfs mounted without nosuid");
	check_ok(mount(NULL, NOSUID_MNT, NULL, MS_REMOUNT | MS_NOSUID, NULL),
		 "[mount-nosuid] level 0: remount nosuid allowed");
	check_ok(mount(NULL, NOSUID_MNT, NULL, MS_REMOUNT, NULL),
		 "[mount-nosuid] level 0: remount dropping nosuid allowed");
	check_ok(umount(NOSUID_MNT), "[mount-nosuid] level 0: unmounted");
	check_ok(new_api_tmpfs(NOSUID_MNT, 0),
		 "[mount-nosuid] level 0: new-API tmpfs attached without MOUNT_ATTR_NOSUID");
	check_ok(umount(NOSUID_MNT), "[mount-nosuid] level 0: new-API mount unmounted");
}

/* level 1: no new mount without nosuid, and no privileged exec from one */
static void mount_nosuid_denied(void)
{
	unsigned long long before = device_hash(FS_DEV);
	int r;

	check_err(mount("tmpfs", NOSUID_MNT, "tmpfs", 0, NULL), EPERM,
		  "[mount-nosuid] level 1: mount(2) of a tmpfs without nosuid denied (EPERM)");
	check_log("mount without nosuid", 1);
	check_err(mount(FS_DEV, NOSUID_MNT, "ext4", MS_RDONLY, NULL), EPERM,
		  "[mount-nosuid] level 1: mount(2) of the prepared ext4 without nosuid denied (EPERM)");
	check(!mounted(NOSUID_MNT), "[mount-nosuid] level 1: nothing mounted");
	check(device_hash(FS_DEV) == before, "[mount-nosuid] level 1: %s unchanged", FS_DEV);
	check_err(new_api_tmpfs(NOSUID_MNT, 0), EPERM,
		  "[mount-nosuid] level 1: new-API tmpfs attached without MOUNT_ATTR_NOSUID denied (EPERM)");
	check(!mounted(NOSUID_MNT), "[mount-nosuid] level 1: still nothing mounted");
	check_ok(new_api_tmpfs(NOSUID_MNT, MOUNT_ATTR_NOSUID),
		 "[mount-nosuid] level 1: new-API tmpfs with MOUNT_ATTR_NOSUID allowed");
	check_ok(umount(NOSUID_MNT), "[mount-nosuid] level 1: unmounted");

	check_ok(mount(FS_DEV, NOSUID_MNT, "ext4", MS_NOSUID, NULL),
		 "[mount-nosuid] level 1: mount(2) of the prepared ext4 with nosuid allowed");
	check_err(mount(NULL, NOSUID_MNT, NULL, MS_REMOUNT, NULL), EPERM,
		  "[mount-nosuid] level 1: remount dropping nosuid denied (EPERM)");
	check_err(mount(NULL, NOSUID_MNT, NULL, MS_REMOUNT | MS_BIND, NULL), EPERM,
		  "[mount-nosuid] level 1: remount of the mount (MS_BIND) dropping nosuid denied (EPERM)");
	check_ok(mount(NULL, NOSUID_MNT, NULL, MS_REMOUNT | MS_NOSUID, NULL),
		 "[mount-nosuid] level 1: remount keeping nosuid allowed");
	r = in_child(run_probe_as_nobody);
	check(r == 1, "[late-setid] level 1: the setuid program runs without privileges on nosuid (got %d)",
	      r);

	/* mount_setattr() has no LSM hook: the exec rule is the last line */
	check_ok(sys_mount_setattr(NOSUID_MNT, 0, MOUNT_ATTR_NOSUID),
		 "[late-setid] level 1: mount_setattr() clears nosuid (no hook in 6.1)");
	r = in_child(run_probe_as_nobody);
	check(r == 100 + EPERM,
	      "[late-setid] level 1: privileged exec from a filesystem mounted at level 1 denied (EPERM, got %d)",
	      r);
	check(klog_has("seclvl: denied privileged exec from a filesystem mounted at level 1 or above: seclvl-tests["),
	      "[late-setid] level 1: the denial is logged");
	check_ok(umount(NOSUID_MNT), "[late-setid] level 1: unmounted");
}

/* a child in a new user and network namespace: lo's MTU there */
static int netns_mtu_in_userns(void)
{
	int mtu = 0;

	if (unshare(CLONE_NEWUSER | CLONE_NEWNET))
		return 100 + errno;
	if (lo_mtu(&mtu, 0))
		return 101;
	mtu -= 1;
	return lo_mtu(&mtu, 1) ? errno : 0;
}

/* a child in a new network namespace of the initial user namespace */
static int netns_mtu_in_init_userns(void)
{
	int mtu = 0;

	if (unshare(CLONE_NEWNET))
		return 100 + errno;
	if (lo_mtu(&mtu, 0))
		return 101;
	mtu -= 1;
	return lo_mtu(&mtu, 1) ? errno : 0;
}

#define NET_SYSCTL	"/proc/sys/net/ipv4/ip_unprivileged_port_start"

static void net_routes(int level)
{
	char before[32], *val;
	int r;

	snprintf(before, sizeof(before), "%s", slurp(NET_SYSCTL));
	r = in_child(netns_mtu_in_userns);
	check(r == 0, "[net-admin] level %d: CAP_NET_ADMIN in a user namespace's own network allowed (got %d)",
	      level, r);
	r = in_child(netns_mtu_in_init_userns);
	if (level < 1) {
		check(r == 0, "[net-admin] level %d: a new network namespace of the initial user namespace configurable (got %d)",
		      level, r);
		check_ok(write_str(NET_SYSCTL, "1000\n"),
			 "[net-sysctl] level %d: write " NET_SYSCTL " allowed", level);
		check(!strcmp(slurp(NET_SYSCTL), "1000\n"), "[net-sysctl] level %d: value written",
		      level);
		write_str(NET_SYSCTL, before);
		return;
	}
	check(r == EPERM, "[net-admin] level %d: CAP_NET_ADMIN in the initial user namespace denied, new network namespace too (EPERM, got %d)",
	      level, r);
	check_err(write_str(NET_SYSCTL, "1000\n"), EPERM,
		  "[net-sysctl] level %d: write " NET_SYSCTL " denied (EPERM)", level);
	if (level == 1)
		check_log("network sysctl write", 1);
	val = slurp(NET_SYSCTL);
	check(!strcmp(val, before), "[net-sysctl] level %d: value unchanged (%s)", level,
	      strtok(val, "\n"));
	check_ok(open_close(NET_SYSCTL, O_RDONLY), "[net-sysctl] level %d: reading still allowed",
		 level);
}

/* the PCI function of a virtio disk: /sys/block/vdX/device is virtioN */
static void pci_attr(const char *disk, const char *attr, char *path, size_t len)
{
	char link[256], real[256];

	snprintf(link, sizeof(link), "/sys/block/%s/device/..", disk);
	if (!realpath(link, real))
		bail("realpath of the disk's PCI function");
	snprintf(path, len, "%s/%s", real, attr);
}

static void detach_routes(int level)
{
	char remove[300], unbind[300], vdb[64];

	pci_attr("vdb", "remove", remove, sizeof(remove));
	snprintf(unbind, sizeof(unbind), "/sys/bus/pci/drivers/virtio-pci/unbind");
	snprintf(vdb, sizeof(vdb), "%s", slurp("/sys/block/vdb/dev"));
	if (level < 1) {
		check_ok(write_str("/sys/bus/pci/rescan", "1\n"),
			 "[detach] level %d: write /sys/bus/pci/rescan allowed", level);
		check_ok(open_close(remove, O_WRONLY),
			 "[detach] level %d: open the disk's PCI remove for writing allowed", level);
		return;
	}
	check_err(write_str(remove, "1\n"), EPERM,
		  "[detach] level %d: write the mounted disk's PCI remove denied (EPERM)", level);
	if (level == 1)
		check_log("device detach through sysfs", 1);
	check_err(write_str("/sys/bus/pci/rescan", "1\n"), EPERM,
		  "[detach] level %d: write /sys/bus/pci/rescan denied (EPERM)", level);
	check_err(open_close(unbind, O_WRONLY), EPERM,
		  "[detach] level %d: open the driver's unbind for writing denied (EPERM)", level);
	check_err(open_close("/sys/bus/pci/drivers/virtio-pci/bind", O_WRONLY), EPERM,
		  "[detach] level %d: open the driver's bind for writing denied (EPERM)", level);
	check(!strcmp(slurp("/sys/block/vdb/dev"), vdb), "[detach] level %d: vdb still there",
	      level);
}

/* BLKPG on a disk: add partition 9 over its last MiB, then delete it */
static long blkpg(const char *disk, int op)
{
	struct blkpg_partition part = {
		.start = 15 << 20, .length = 1 << 20, .pno = 9,
	};
	struct blkpg_ioctl_arg arg = {
		.op = op, .datalen = sizeof(part), .data = &part,
	};
	int fd = open(disk, O_RDONLY), saved;
	long ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, BLKPG, &arg);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

static void blkpg_routes(int level)
{
	if (level < 1) {
		check_ok(blkpg(MOUNTED_DEV, BLKPG_ADD_PARTITION),
			 "[mounted-bdev] level %d: BLKPG add partition on the mounted disk allowed", level);
		check(exists("/sys/block/vda/vda9"), "[mounted-bdev] level %d: partition added",
		      level);
		check_ok(blkpg(MOUNTED_DEV, BLKPG_DEL_PARTITION),
			 "[mounted-bdev] level %d: BLKPG delete partition allowed", level);
		return;
	}
	check_err(blkpg(MOUNTED_DEV, BLKPG_ADD_PARTITION), EPERM,
		  "[mounted-bdev] level %d: BLKPG on a disk holding a mounted filesystem, read-only descriptor, denied (EPERM)",
		  level);
	check(!exists("/sys/block/vda/vda9"), "[mounted-bdev] level %d: no partition added",
	      level);
	if (level == 1) {
		check_ok(blkpg(SPARE_DEV, BLKPG_ADD_PARTITION),
			 "[any-bdev] level 1: BLKPG on an unmounted disk allowed");
		check_ok(blkpg(SPARE_DEV, BLKPG_DEL_PARTITION),
			 "[any-bdev] level 1: BLKPG delete on it allowed");
	} else {
		check_err(blkpg(SPARE_DEV, BLKPG_ADD_PARTITION), EPERM,
			  "[any-bdev] level 2: BLKPG on an unmounted disk denied (EPERM)");
		check(!exists("/sys/block/vdb/vdb9"), "[any-bdev] level 2: no partition added");
	}
}

/* a shared writable mapping of the unmounted disk, made at level 0 */
static void *fs_map;
static int fs_map_fd = -1;

static void mapped_mount_prepare(void)
{
	fs_map_fd = open(FS_DEV, O_RDWR);
	fs_map = fs_map_fd < 0 ? MAP_FAILED :
		 mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fs_map_fd, 0);
	check(fs_map != MAP_FAILED, "[mapped-bdev-mount] level 0: %s mapped shared and writable",
	      FS_DEV);
}

/*
 * The mount is refused once the filesystem has read its superblock (it may
 * have written it: that is the filesystem's, not the mapping's, write).
 */
static void mapped_mount_denied(void)
{
	check_err(mount(FS_DEV, NOSUID_MNT, "ext4", MS_NOSUID, NULL), EPERM,
		  "[mapped-bdev-mount] level 1: mount over a disk mapped shared and writable denied (EPERM)");
	check_log("mount over a block device mapped shared and writable", 1);
	check(!mounted(NOSUID_MNT), "[mapped-bdev-mount] level 1: nothing mounted");
	if (fs_map != MAP_FAILED)
		munmap(fs_map, 4096);
	close(fs_map_fd);
	check_ok(mount(FS_DEV, NOSUID_MNT, "ext4", MS_NOSUID, NULL),
		 "[mapped-bdev-mount] level 1: once unmapped, the mount is allowed");
	check_ok(umount(NOSUID_MNT), "[mapped-bdev-mount] level 1: unmounted");
}

#define CAPS_FILE	"/tmp/seclvl-caps"

/* struct vfs_cap_data, VFS_CAP_REVISION_2: CAP_NET_RAW (13) permitted */
static const unsigned char caps_value[20] = {
	0x00, 0x00, 0x00, 0x02, 0x00, 0x20, 0x00, 0x00,
};

static void file_caps(int level)
{
	int fd = open(CAPS_FILE, O_CREAT | O_WRONLY, 0755);

	if (fd >= 0)
		close(fd);
	if (level < 1) {
		check_ok(setxattr(CAPS_FILE, "security.capability", caps_value, sizeof(caps_value), 0),
			 "[file-caps] level %d: set security.capability allowed", level);
		check(getxattr(CAPS_FILE, "security.capability", NULL, 0) > 0,
		      "[file-caps] level %d: the file has capabilities", level);
		return;
	}
	check_err(setxattr(CAPS_FILE, "security.capability", caps_value, sizeof(caps_value), 0),
		  EPERM, "[file-caps] level %d: set security.capability denied (EPERM)", level);
	if (level == 1)
		check_log("file capabilities (security.capability)", 1);
	check(getxattr(CAPS_FILE, "security.capability", NULL, 0) > 0,
	      "[file-caps] level %d: the capabilities set at level 0 are still there", level);
	if (level == 2) {
		check_ok(removexattr(CAPS_FILE, "security.capability"),
			 "[file-caps] level 2: removing security.capability allowed");
		check(getxattr(CAPS_FILE, "security.capability", NULL, 0) == -1 && errno == ENODATA,
		      "[file-caps] level 2: the file has no capabilities now");
	}
}

static long rtc_set_now(void)
{
	struct rtc_time tm;
	int fd = open("/dev/rtc0", O_RDONLY), saved;
	long ret = -1;

	if (fd < 0)
		return -1;
	if (!ioctl(fd, RTC_RD_TIME, &tm))
		ret = ioctl(fd, RTC_SET_TIME, &tm);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

static long adjtimex_modes(unsigned int modes, int status, long tick)
{
	struct timex tx = { 0 };

	if (adjtimex(&tx) < 0)
		return -1;
	tx.modes = modes;
	if (modes & ADJ_STATUS)
		tx.status = (tx.status & ~STA_INS) | status;
	if (modes & ADJ_TICK)
		tx.tick = tick;
	return adjtimex(&tx);
}

static long step_adjtimex_us(long us)
{
	struct timex tx = { .modes = ADJ_SETOFFSET };

	tx.time.tv_sec = 0;
	tx.time.tv_usec = us;
	return adjtimex(&tx);
}

static void clock_routes(int level)
{
	struct timex tx = { 0 };
	long long t0;

	if (level < 2) {
		check_ok(rtc_set_now(), "[rtc] level %d: RTC_SET_TIME allowed", level);
		check_ok(adjtimex_modes(ADJ_STATUS, STA_INS, 0),
			 "[clock-backwards] level %d: adjtimex STA_INS (leap second) allowed", level);
		check_ok(adjtimex_modes(ADJ_STATUS, 0, 0),
			 "[clock-backwards] level %d: STA_INS cleared again", level);
		check_ok(adjtimex_modes(ADJ_TICK, 0, 9000),
			 "[clock-backwards] level %d: adjtimex ADJ_TICK 9000 allowed", level);
		check_ok(adjtimex_modes(ADJ_TICK, 0, 10000),
			 "[clock-backwards] level %d: ADJ_TICK back to 10000", level);
		return;
	}
	check_err(rtc_set_now(), EPERM, "[rtc] level 2: RTC_SET_TIME denied (EPERM)");
	check_log("setting the RTC", 2);
	check_err(adjtimex_modes(ADJ_STATUS, STA_INS, 0), EPERM,
		  "[clock-backwards] level 2: adjtimex STA_INS (leap second insertion) denied (EPERM)");
	check_log("inserting a leap second", 2);
	check_err(adjtimex_modes(ADJ_TICK, 0, 9000), EPERM,
		  "[clock-backwards] level 2: adjtimex ADJ_TICK 9000 (10 %% slower) denied (EPERM)");
	adjtimex(&tx);
	check(tx.tick == 10000 && !(tx.status & STA_INS),
	      "[clock-backwards] level 2: tick and status unchanged (tick %ld)", tx.tick);
	check_ok(adjtimex_modes(ADJ_TICK, 0, 10000),
		 "[clock-backwards] level 2: ADJ_TICK at the nominal 10000 allowed");
	check_ok(adjtimex_modes(ADJ_FREQUENCY, 0, 0),
		 "[clock-backwards] level 2: ADJ_FREQUENCY (bounded slew) allowed");
	t0 = now_ns();
	check_ok(step_adjtimex_us(0), "[clock-backwards] level 2: adjtimex(ADJ_SETOFFSET) of 0 s allowed");
	check_ok(step_adjtimex_us(1), "[clock-backwards] level 2: adjtimex(ADJ_SETOFFSET) of +1 us allowed");
	check(now_ns() >= t0, "[clock-backwards] level 2: the clock did not go back");
}

/* ---- the walk --------------------------------------------------------- */

static const char *const flag_file = MNT "/flags-immutable";
static const char *const append_file = MNT "/flags-append";
static const char *const plain_file = MNT "/flags-plain";

static void setup(struct bdev *vdb, struct bdev *vdc)
{
	int fd;

	mkdir("/mnt", 0755);
	mkdir(MNT, 0755);
	if (mount(MOUNTED_DEV, MNT, "ext4", 0, NULL))
		bail("mount " MOUNTED_DEV);
	mkdir("/sys/kernel/debug", 0755);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	bdev_prepare(vdb, MOUNTED_DEV);
	bdev_prepare(vdc, SPARE_DEV);
	fd = open(flag_file, O_CREAT | O_WRONLY, 0644);
	close(fd);
	fd = open(append_file, O_CREAT | O_WRONLY, 0644);
	close(fd);
	fd = open(plain_file, O_CREAT | O_WRONLY, 0644);
	close(fd);
}

static void level0(struct bdev *vdb, struct bdev *vdc)
{
	int mtu = 0, orig_mtu;

	check(read_level() == 0, "interface: the test boot starts at level 0");
	ptrace_paths(0, 1);
	check_log("ptrace of init", 0);

	/* level 1 rules, allowed below their level */
	check_ok(load_module_mem(), "[modules] level 0: init_module allowed");
	check(module_loaded(), "[modules] level 0: module listed in /proc/modules");
	check_ok(unload_module(), "[modules] level 0: delete_module allowed");
	check(!module_loaded(), "[modules] level 0: module gone from /proc/modules");
	check_ok(load_module_fd(), "[modules] level 0: finit_module allowed (kept loaded)");
	check_ok(open_close("/dev/mem", O_RDONLY), "[rawio] level 0: open /dev/mem allowed");
	check_ok(open_close("/dev/port", O_RDONLY), "[rawio] level 0: open /dev/port allowed");
	check_ok(open_close("/proc/kcore", O_RDONLY),
		 "[lockdown-confidentiality] level 0: open /proc/kcore allowed");
	check_ok(set_flags(flag_file, FS_IMMUTABLE_FL),
		 "[file-flags] level 0: set immutable (FS_IOC_SETFLAGS) allowed");
	check(get_flags(flag_file) & FS_IMMUTABLE_FL, "[file-flags] level 0: file is immutable");
	check_ok(set_xflags(append_file, FS_XFLAG_APPEND),
		 "[file-flags] level 0: set append-only (FS_IOC_FSSETXATTR) allowed");
	check(get_flags(append_file) & FS_APPEND_FL, "[file-flags] level 0: file is append-only");
	lo_mtu(&mtu, 0);
	orig_mtu = mtu;
	mtu = orig_mtu - 1;
	check_ok(lo_mtu(&mtu, 1), "[net-admin] level 0: SIOCSIFMTU on lo allowed");
	lo_mtu(&orig_mtu, 1);
	setid_allowed(0);
	bdev_allowed(vdb, "mounted-bdev", 0);
	bdev_allowed(vdc, "any-bdev", 0);
	check_ok(open_close(DEBUGFS_FILE, O_RDWR),
		 "[lockdown-integrity] level 0: open a writable debugfs file allowed");
	setuid_fs_prepare();
	mount_nosuid_allowed();
	net_routes(0);
	detach_routes(0);
	blkpg_routes(0);
	file_caps(0);
	clock_routes(0);
	mapped_mount_prepare();
}

static void level1(struct bdev *vdb, struct bdev *vdc)
{
	int mtu = 0, orig_mtu, before, flags;
	long long t0;

	ptrace_paths(1, 1);

	check_err(load_module_fd(), EPERM, "[modules] level 1: finit_module denied (EPERM)");
	check_log("kernel module load/unload (CAP_SYS_MODULE)", 1);
	check_err(load_module_mem(), EPERM, "[modules] level 1: init_module denied (EPERM)");
	check_err(unload_module(), EPERM, "[modules] level 1: delete_module denied (EPERM)");
	check(module_loaded(), "[modules] level 1: module loaded at level 0 is still loaded");

	check_err(open_close("/dev/mem", O_RDONLY), EPERM,
		  "[rawio] level 1: open /dev/mem denied (EPERM)");
	check_err(open_close("/dev/port", O_RDONLY), EPERM,
		  "[rawio] level 1: open /dev/port denied (EPERM)");

	before = get_flags(plain_file);
	check_err(set_flags(plain_file, before | FS_IMMUTABLE_FL), EPERM,
		  "[file-flags] level 1: set immutable denied (EPERM)");
	check(get_flags(plain_file) == before, "[file-flags] level 1: flags unchanged");
	flags = get_flags(flag_file);
	check_err(set_flags(flag_file, flags & ~FS_IMMUTABLE_FL), EPERM,
		  "[file-flags] level 1: clear immutable denied (EPERM)");
	check(get_flags(flag_file) & FS_IMMUTABLE_FL, "[file-flags] level 1: still immutable");
	check_err(set_xflags(append_file, 0), EPERM,
		  "[file-flags] level 1: clear append-only (FS_IOC_FSSETXATTR) denied (EPERM)");
	check(get_flags(append_file) & FS_APPEND_FL, "[file-flags] level 1: still append-only");

	lo_mtu(&mtu, 0);
	orig_mtu = mtu;
	mtu = orig_mtu - 1;
	check_err(lo_mtu(&mtu, 1), EPERM, "[net-admin] level 1: SIOCSIFMTU on lo denied (EPERM)");
	mtu = 0;
	lo_mtu(&mtu, 0);
	check(mtu == orig_mtu, "[net-admin] level 1: MTU unchanged");

	setid_denied(1);

	bdev_denied(vdb, "mounted-bdev", 1, "write to a mounted block device");
	bdev_bypass(vdb, "mounted-bdev", 1);
	bdev_allowed(vdc, "any-bdev", 1);
	bdev_excl_write_allowed(vdc, "mounted-bdev", 1);

	check_err(open_close(DEBUGFS_FILE, O_RDWR), EPERM,
		  "[lockdown-integrity] level 1: open a writable debugfs file denied (EPERM)");
	check(klog_has("seclvl: denied lockdown debugfs access"),
	      "log: the lockdown denial names the lockdown reason");

	/*
	 * /proc/kcore also needs CAP_SYS_RAWIO, which level 1 denies: the
	 * lockdown check runs first and must stay silent at level 1.
	 */
	check_err(open_close("/proc/kcore", O_RDONLY), EPERM,
		  "[rawio] level 1: open /proc/kcore denied by the raw I/O rule (EPERM)");
	check(!klog_has("seclvl: denied lockdown /proc/kcore access"),
	      "[lockdown-confidentiality] level 1: /proc/kcore not refused by lockdown below level 2");

	mapped_mount_denied();
	mount_nosuid_denied();
	net_routes(1);
	detach_routes(1);
	blkpg_routes(1);
	file_caps(1);
	clock_routes(1);

	/* level 2 rules, allowed below their level */
	t0 = now_ns();
	check_ok(step_settimeofday(-100), "[clock-backwards] level 1: settimeofday 100 s back allowed");
	check(now_ns() < t0 - 90000000000LL, "[clock-backwards] level 1: clock went back");
	step_settimeofday(100);
	check_ok(step_clock_settime(-100), "[clock-backwards] level 1: clock_settime back allowed");
	step_clock_settime(100);
	check_ok(step_adjtimex(-100, 0), "[clock-backwards] level 1: adjtimex(ADJ_SETOFFSET) back allowed");
	step_adjtimex(100, 0);
	mkdir("/mnt/tmp", 0755);
	check_ok(mount("tmpfs", "/mnt/tmp", "tmpfs", MS_NOSUID, NULL),
		 "[umount] level 1: mount a tmpfs allowed");
	check_ok(umount("/mnt/tmp"), "[umount] level 1: umount allowed");
	check(!mounted("/mnt/tmp"), "[umount] level 1: tmpfs unmounted");
	mounts_allowed(1, &mount_detacher);
}

static void level2(struct bdev *vdb, struct bdev *vdc)
{
	struct timezone tz = { 0, 0 };
	long long t0;

	bdev_denied(vdc, "any-bdev", 2, "write to a block device");
	bdev_denied(vdb, "mounted-bdev", 2, NULL);

	t0 = now_ns();
	check_err(step_settimeofday(-100), EPERM,
		  "[clock-backwards] level 2: settimeofday back denied (EPERM)");
	check_log("setting the clock backwards", 2);
	check_clock_kept(t0, "settimeofday");
	t0 = now_ns();
	check_err(step_clock_settime(-100), EPERM,
		  "[clock-backwards] level 2: clock_settime(CLOCK_REALTIME) back denied (EPERM)");
	check_clock_kept(t0, "clock_settime");
	t0 = now_ns();
	check_err(step_adjtimex(-100, 0), EPERM,
		  "[clock-backwards] level 2: adjtimex(ADJ_SETOFFSET) back denied (EPERM)");
	check_clock_kept(t0, "adjtimex");
	t0 = now_ns();
	check_err(step_adjtimex(-100, 1), EPERM,
		  "[clock-backwards] level 2: clock_adjtime(CLOCK_REALTIME, ADJ_SETOFFSET) back denied (EPERM)");
	check_clock_kept(t0, "clock_adjtime");
	t0 = now_ns();
	check_ok(step_settimeofday(10), "[clock-backwards] level 2: settimeofday forward allowed");
	check(now_ns() > t0 + 9000000000LL, "[clock-backwards] level 2: clock went forward");
	check_ok(step_adjtimex(1, 0), "[clock-backwards] level 2: adjtimex(ADJ_SETOFFSET) forward allowed");
	check_ok(settimeofday(NULL, &tz),
		 "[clock-backwards] level 2: settimeofday with only a timezone (NULL time) allowed");

	check_err(umount(MNT), EPERM, "[umount] level 2: umount denied (EPERM)");
	check_log("unmount", 2);
	check_err(umount2(MNT, MNT_DETACH), EPERM, "[umount] level 2: umount2(MNT_DETACH) denied (EPERM)");
	check(in_child(umount_in_new_ns) == EPERM,
	      "[umount] level 2: umount in a new mount namespace denied (EPERM)");
	check(mounted(MNT), "[umount] level 2: " MNT " still mounted");
	mounts_denied(2, &mount_detacher);

	check_err(open_close("/proc/kcore", O_RDONLY), EPERM,
		  "[lockdown-confidentiality] level 2: open /proc/kcore denied (EPERM)");
	check(klog_has("seclvl: denied lockdown /proc/kcore access: seclvl-tests["),
	      "[lockdown-confidentiality] level 2: refused by the lockdown confidentiality set");

	/* the level 1 rules hold at 2 */
	check_err(open_close("/dev/mem", O_RDONLY), EPERM, "[rawio] level 2: open /dev/mem denied (EPERM)");
	check_err(load_module_fd(), EPERM, "[modules] level 2: finit_module denied (EPERM)");
	check_err(unload_module(), EPERM, "[modules] level 2: delete_module denied (EPERM)");
	setid_denied(2);
	ptrace_paths(2, 1);
	net_routes(2);
	detach_routes(2);
	blkpg_routes(2);
	file_caps(2);
	clock_routes(2);
}

/* writes that must fail with @err and leave the level at @level */
static void bad_write(const char *buf, size_t len, off_t off, int err, const char *what)
{
	int level = read_level();

	check_err(write_at(LEVEL_FILE, buf, len, off), err, "interface: write %s refused (%s)",
		  what, err == EPERM ? "EPERM" : "EINVAL");
	check(read_level() == level, "interface: level still %d after writing %s", level, what);
}

static void interface_at_2(void)
{
	struct timespec a, b;
	long long ms;
	int r;

	bad_write("1\n", 2, 0, EPERM, "\"1\" (lower)");
	bad_write("0", 1, 0, EPERM, "\"0\" (lower)");
	bad_write("-1\n", 3, 0, EPERM, "\"-1\" (lower)");
	check_ok(write_str(LEVEL_FILE, "2\n"), "interface: writing the current level succeeds");
	bad_write("3\n", 2, 0, EINVAL, "\"3\" (out of range)");
	bad_write("", 0, 0, EINVAL, "\"\" (empty)");
	bad_write("\n", 1, 0, EINVAL, "\"\\n\"");
	bad_write("2\n\n", 3, 0, EINVAL, "\"2\\n\\n\"");
	bad_write("two", 3, 0, EINVAL, "\"two\"");
	bad_write("+2", 2, 0, EINVAL, "\"+2\"");
	bad_write("02", 2, 0, EINVAL, "\"02\"");
	bad_write("2x", 2, 0, EINVAL, "\"2x\" (trailing junk)");
	bad_write("2\0", 2, 0, EINVAL, "\"2\\0\" (embedded NUL)");
	bad_write("2", 1, 1, EINVAL, "\"2\" at offset 1");
	bad_write("22222222222222222222", 20, 0, EINVAL, "20 digits (too long)");
	r = in_child(drop_sys_admin_and_write);
	check(r == EPERM, "interface: write without CAP_SYS_ADMIN refused (EPERM)");
	check(read_level() == 2, "interface: level still 2");

	check_err(write_str(PASSWD_FILE, "wrong password\n"), EPERM,
		  "unlock: level 2: wrong password refused (EPERM)");
	check(read_level() == 2, "unlock: level 2: level still 2 after a wrong password");
	check(klog_has("seclvl: wrong unlock password: seclvl-tests["),
	      "unlock: level 2: the wrong password is logged");
	clock_gettime(CLOCK_MONOTONIC, &a);
	check_err(write_str(PASSWD_FILE, "wrong again"), EPERM,
		  "unlock: level 2: second wrong password refused (EPERM)");
	clock_gettime(CLOCK_MONOTONIC, &b);
	ms = (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
	check(ms >= 900, "unlock: throttle: the second verification waited for its slot (%lld ms)",
	      ms);
	check_err(write_str(PASSWD_FILE, "\n"), EINVAL, "unlock: level 2: empty password refused (EINVAL)");
	check_err(write_at(PASSWD_FILE, "", 0, 0), EINVAL,
		  "unlock: level 2: zero-byte write refused (EINVAL)");
	{
		static char big[5000];

		memset(big, 'x', sizeof(big));
		check_err(write_at(PASSWD_FILE, big, sizeof(big), 0), EINVAL,
			  "unlock: level 2: 5000-byte password refused (EINVAL)");
	}
	check(read_level() == 2, "unlock: level 2: level still 2");

	/*
	 * Writers killed while they wait for their turn take nothing with
	 * them: right after a verification, five writers queue up and are
	 * killed; the next writer waits for one slot, not six.
	 */
	{
		pid_t pids[5];
		int i;

		check_err(write_str(PASSWD_FILE, "wrong once more"), EPERM,
			  "unlock: level 2: a wrong password takes the slot");
		for (i = 0; i < 5; i++) {
			pids[i] = fork();
			if (!pids[i])
				_exit(write_str(PASSWD_FILE, "waiting guess") == -1);
		}
		usleep(200000);
		for (i = 0; i < 5; i++)
			kill(pids[i], SIGKILL);
		for (i = 0; i < 5; i++)
			waitpid(pids[i], NULL, 0);
		clock_gettime(CLOCK_MONOTONIC, &a);
	}
	check_ok(write_str(PASSWD_FILE, SECLVL_TEST_PASSWORD "\n"),
		 "unlock: level 2: the right password is accepted");
	clock_gettime(CLOCK_MONOTONIC, &b);
	ms = (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
	check(ms < 2500,
	      "unlock: throttle: five writers killed while waiting kept no slot (%lld ms, < 2500)",
	      ms);
	check(read_level() == 0, "unlock: level 2: the right password brought the level to 0");
	check(klog_has("seclvl: unlocked by password: level 2 to 0 by seclvl-tests["),
	      "unlock: the unlock is logged");
}

static void after_unlock(void)
{
	check_ok(unload_module(), "[modules] level 0 again: delete_module allowed");
	check(!module_loaded(), "[modules] level 0 again: module removed");
	check_ok(write_str(PASSWD_FILE, SECLVL_TEST_PASSWORD),
		 "unlock: level 0: the right password is a no-op success");
	check(read_level() == 0, "unlock: level 0: level still 0");
	check_ok(write_str(LEVEL_FILE, "-1\n"), "interface: 0 -> -1 allowed");
	check(read_level() == -1, "interface: level reads -1");
	bad_write("0\n", 2, 0, EPERM, "\"0\" at -1 (stuck)");
	bad_write("1\n", 2, 0, EPERM, "\"1\" at -1 (stuck)");
	bad_write("2\n", 2, 0, EPERM, "\"2\" at -1 (stuck)");
	check_ok(write_str(LEVEL_FILE, "-1"), "interface: writing -1 at -1 succeeds");
	check_err(write_str(PASSWD_FILE, SECLVL_TEST_PASSWORD), EPERM,
		  "unlock: level -1: even the right password is refused (EPERM)");
	check(read_level() == -1, "unlock: level -1: level still -1");
	ptrace_paths(-1, 0);
	check_ok(open_close("/dev/mem", O_RDONLY), "[rawio] level -1: open /dev/mem allowed");
}

int main(void)
{
	struct bdev vdb, vdc;

	printf("TAP version 13\n# suite: levels\n");
	fflush(stdout);
	setup(&vdb, &vdc);
	level0(&vdb, &vdc);
	set_level(1);
	level1(&vdb, &vdc);
	set_level(2);
	level2(&vdb, &vdc);
	interface_at_2();
	after_unlock();
	return tap_plan();
}
