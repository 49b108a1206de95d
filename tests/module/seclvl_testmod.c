// SPDX-License-Identifier: GPL-2.0-only
/*
 * A module for the seclvl tests: loaded at level 0, refused at level 1,
 * and once loaded at 0 it cannot be removed at 1. It also creates a
 * writable debugfs file, which the lockdown integrity set covers.
 *
 * It stands in for the kernel servers that work for user space from a
 * kernel thread, which the test kernels do not build: a write to
 * /sys/kernel/seclvl_testmod/kthread has a workqueue thread do it, and
 * returns its result:
 *
 *   chmod MODE PATH     under the writer's credentials, as nfsd and ksmbd
 *                       work under their client's
 *   write OFF BYTE PATH 512 bytes of BYTE at OFF, written and synced under
 *                       the kernel's credentials, as the loop worker writes
 *                       its backing file
 */

#include <linux/cred.h>
#include <linux/debugfs.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/version.h>
#include <linux/workqueue.h>

#define SECLVL_TESTMOD_BLOCK 512

static struct dentry *seclvl_testmod_dir;
static u32 seclvl_testmod_value;
static struct kobject *seclvl_testmod_kobj;

/**
 * struct seclvl_testmod_req - one request to the kernel thread
 * @work: the work item
 * @cred: the credentials to work under, or NULL for the worker's own
 * @chmod: a chmod (else a write)
 * @mode: the chmod's mode
 * @off: the write's offset
 * @byte: the byte the write repeats
 * @path: the file
 * @ret: 0 or the error
 */
struct seclvl_testmod_req {
	struct work_struct work;
	const struct cred *cred;
	bool chmod;
	umode_t mode;
	loff_t off;
	u8 byte;
	char path[256];
	int ret;
};

static int seclvl_testmod_chmod(const char *name, umode_t mode)
{
	struct iattr attr = { .ia_valid = ATTR_MODE | ATTR_CTIME };
	struct inode *inode;
	struct path path;
	int ret;

	ret = kern_path(name, LOOKUP_FOLLOW, &path);
	if (ret)
		return ret;
	ret = mnt_want_write(path.mnt);
	if (ret)
		goto out;
	inode = d_inode(path.dentry);
	inode_lock(inode);
	attr.ia_mode = (mode & S_IALLUGO) | (inode->i_mode & ~S_IALLUGO);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	ret = notify_change(mnt_idmap(path.mnt), path.dentry, &attr, NULL);
#else
	ret = notify_change(mnt_user_ns(path.mnt), path.dentry, &attr, NULL);
#endif
	inode_unlock(inode);
	mnt_drop_write(path.mnt);
out:
	path_put(&path);
	return ret;
}

static int seclvl_testmod_write(const char *name, loff_t off, u8 byte)
{
	struct file *file;
	ssize_t n;
	void *buf;
	int ret;

	buf = kmalloc(SECLVL_TESTMOD_BLOCK, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	memset(buf, byte, SECLVL_TESTMOD_BLOCK);
	file = filp_open(name, O_WRONLY | O_LARGEFILE, 0);
	if (IS_ERR(file)) {
		ret = PTR_ERR(file);
		goto out;
	}
	n = kernel_write(file, buf, SECLVL_TESTMOD_BLOCK, &off);
	if (n == SECLVL_TESTMOD_BLOCK)
		ret = vfs_fsync(file, 0);
	else
		ret = n < 0 ? n : -EIO;
	fput(file);
out:
	kfree(buf);
	return ret;
}

static void seclvl_testmod_work(struct work_struct *work)
{
	struct seclvl_testmod_req *req =
		container_of(work, struct seclvl_testmod_req, work);
	const struct cred *old = NULL;

	if (req->cred)
		old = override_creds(req->cred);
	if (req->chmod)
		req->ret = seclvl_testmod_chmod(req->path, req->mode);
	else
		req->ret = seclvl_testmod_write(req->path, req->off, req->byte);
	if (old)
		revert_creds(old);
}

static ssize_t kthread_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	struct seclvl_testmod_req *req;
	unsigned int mode, byte;
	long long off;
	ssize_t ret;

	req = kzalloc(sizeof(*req), GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	if (sscanf(buf, "chmod %o %255s", &mode, req->path) == 2 &&
	    mode <= 07777) {
		req->chmod = true;
		req->mode = mode;
		req->cred = get_current_cred();
	} else if (sscanf(buf, "write %lld %x %255s", &off, &byte,
			  req->path) == 3 && off >= 0 && byte <= 0xff) {
		req->off = off;
		req->byte = byte;
	} else {
		ret = -EINVAL;
		goto out;
	}
	INIT_WORK(&req->work, seclvl_testmod_work);
	queue_work(system_unbound_wq, &req->work);
	flush_work(&req->work);
	ret = req->ret ? req->ret : count;
	if (req->cred)
		put_cred(req->cred);
out:
	kfree(req);
	return ret;
}

static struct kobj_attribute seclvl_testmod_kthread = __ATTR_WO(kthread);

static int __init seclvl_testmod_init(void)
{
	int ret;

	seclvl_testmod_kobj = kobject_create_and_add("seclvl_testmod",
						     kernel_kobj);
	if (!seclvl_testmod_kobj)
		return -ENOMEM;
	ret = sysfs_create_file(seclvl_testmod_kobj,
				&seclvl_testmod_kthread.attr);
	if (ret) {
		kobject_put(seclvl_testmod_kobj);
		return ret;
	}
	seclvl_testmod_dir = debugfs_create_dir("seclvl_testmod", NULL);
	debugfs_create_u32("value", 0600, seclvl_testmod_dir,
			   &seclvl_testmod_value);
	return 0;
}

static void __exit seclvl_testmod_exit(void)
{
	debugfs_remove(seclvl_testmod_dir);
	kobject_put(seclvl_testmod_kobj);
}

module_init(seclvl_testmod_init);
module_exit(seclvl_testmod_exit);

MODULE_DESCRIPTION("seclvl test module");
MODULE_LICENSE("GPL");
