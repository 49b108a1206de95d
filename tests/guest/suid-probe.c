// SPDX-License-Identifier: GPL-2.0-only
/*
 * Installed setuid root on a test filesystem by seclvl-tests: exits 0 when
 * it runs with root's effective user ID, 1 otherwise.
 */
#include <unistd.h>

int main(void)
{
	return geteuid() == 0 ? 0 : 1;
}
