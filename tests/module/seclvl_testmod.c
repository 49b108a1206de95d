// SPDX-License-Identifier: GPL-2.0-only
/*
 * A module that does nothing, for the seclvl tests: loaded at level 0,
 * refused at level 1, and once loaded at 0 it cannot be removed at 1.
 */

#include <linux/init.h>
#include <linux/module.h>

static int __init seclvl_testmod_init(void)
{
	return 0;
}

static void __exit seclvl_testmod_exit(void)
{
}

module_init(seclvl_testmod_init);
module_exit(seclvl_testmod_exit);

MODULE_DESCRIPTION("seclvl test module");
MODULE_LICENSE("GPL");
