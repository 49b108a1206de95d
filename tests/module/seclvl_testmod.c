// SPDX-License-Identifier: GPL-2.0-only
/*
 * A module for the seclvl tests: loaded at level 0, refused at level 1,
 * and once loaded at 0 it cannot be removed at 1. It also creates a
 * writable debugfs file, which the lockdown integrity set covers.
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/module.h>

static struct dentry *seclvl_testmod_dir;
static u32 seclvl_testmod_value;

static int __init seclvl_testmod_init(void)
{
	seclvl_testmod_dir = debugfs_create_dir("seclvl_testmod", NULL);
	debugfs_create_u32("value", 0600, seclvl_testmod_dir,
			   &seclvl_testmod_value);
	return 0;
}

static void __exit seclvl_testmod_exit(void)
{
	debugfs_remove(seclvl_testmod_dir);
}

module_init(seclvl_testmod_init);
module_exit(seclvl_testmod_exit);

MODULE_DESCRIPTION("seclvl test module");
MODULE_LICENSE("GPL");
