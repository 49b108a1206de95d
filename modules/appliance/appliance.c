// SPDX-License-Identifier: GPL-2.0-only
/*
 * The appliance's own kernel module. It stands for the drivers an appliance
 * loads during its setup: it must be loaded before the lock, because from
 * seclvl 1 on no module can be loaded or removed.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/init.h>
#include <linux/module.h>

static char *product = "seclvl-demo";
module_param(product, charp, 0444);
MODULE_PARM_DESC(product, "Product name, shown in /sys/module/appliance/parameters");

static int __init appliance_init(void)
{
	pr_info("loaded for %s\n", product);
	return 0;
}

static void __exit appliance_exit(void)
{
	pr_info("unloaded\n");
}

module_init(appliance_init);
module_exit(appliance_exit);

MODULE_DESCRIPTION("seclvl appliance: setup-time module");
MODULE_LICENSE("GPL");
