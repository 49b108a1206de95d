# seclvl appliance: top-level Makefile.
#
# Every output goes under $(BUILD_DIR). `make help` lists the targets.

BOARD ?= qemu-virt
BUILD_DIR ?= build
BOOT ?= uboot
MODE ?= normal
# U-Boot for the uboot boots: locked (built from Debian's u-boot source,
# boots the signed FIT only) or debian (Debian's stock u-boot-qemu binary,
# for comparison; see docs/verified-boot.md)
UBOOT ?= locked
ifeq ($(filter $(BOOT),uboot direct),)
$(error BOOT must be uboot or direct, not '$(BOOT)')
endif
ifeq ($(filter $(MODE),normal maintenance),)
$(error MODE must be normal or maintenance, not '$(MODE)')
endif
ifeq ($(filter $(UBOOT),locked debian),)
$(error UBOOT must be locked or debian, not '$(UBOOT)')
endif
FRESH ?= 0
ifeq ($(filter $(FRESH),0 1),)
$(error FRESH must be 0 or 1, not '$(FRESH)')
endif
# Three kernels, each with its outputs in build/VARIANT/:
#   product  the appliance: command line built in, boot level floor (default)
#   test     the product kernel taking its command line from the boot
#            loader, for the test boots
#   debug    the test kernel with the kernel's own checkers and KASAN on,
#            and no boot level floor; make check boots it in place of the
#            test kernel for the host's own kernel
VARIANT ?= product
VARIANTS := product test debug
ifeq ($(filter $(VARIANT),$(VARIANTS)),)
$(error VARIANT must be product, test or debug, not '$(VARIANT)')
endif

# The kernel: a series per kernel version in kernel-patches/VERSION/,
# against Debian's linux-source-VERSION. By default the one this host's
# linux-source meta package depends on (Debian 12: 6.1, Debian 13: 6.12).
space := $(subst ,, )
KERNELS := $(sort $(patsubst kernel-patches/%/,%,$(wildcard kernel-patches/*/)))
# the goals that need no kernel (distro-check's kernel is the other root's)
NO_KERNEL_GOALS := deps help clean distclean distro-check
KERNEL_GOALS := $(filter-out $(NO_KERNEL_GOALS),$(or $(MAKECMDGOALS),all))
ifeq ($(origin KERNEL),undefined)
KERNEL := $(shell scripts/host-kernels.sh default 2>/dev/null)
endif
# A fresh machine: apt has no package lists yet to tell this host's
# kernel. Reading the Makefile installs nothing: the dependencies are
# installed by the rule of an included makefile, which make runs before
# any goal, and then make reads the Makefile again with the kernel known
# (GNU make's remaking of makefiles). make -n stops there instead.
BOOTSTRAP_MK := $(BUILD_DIR)/host-kernel.mk
# (read now: while make remakes a makefile, MAKEFLAGS no longer shows -n)
DRY_RUN := $(findstring n,$(firstword -$(MAKEFLAGS)))
ifeq ($(KERNEL),)
ifneq ($(KERNEL_GOALS),)
include $(BOOTSTRAP_MK)
endif
endif
ifneq ($(KERNEL_GOALS),)
ifneq ($(KERNEL),)
ifeq ($(filter $(KERNEL),$(KERNELS)),)
$(error KERNEL must be one of: $(KERNELS), not '$(KERNEL)')
endif
endif
endif

ifeq ($(wildcard board/$(BOARD)/board.conf),)
$(error BOARD must be one of: $(notdir $(wildcard board/*)); board/$(BOARD)/board.conf not found)
endif
include board/$(BOARD)/board.conf
export ARCH UBOOT_ARCH CROSS_COMPILE

# FIT signing. The development key is generated under build/ on first use;
# KEY_DIR=/path/to/keys KEY_NAME=name signs with your own key instead
# (NAME.key and NAME.crt; see docs/verified-boot.md).
DEFAULT_KEY_DIR := $(BUILD_DIR)/keys
KEY_DIR ?= $(DEFAULT_KEY_DIR)
KEY_NAME ?= dev
SIGNING_KEY := $(KEY_DIR)/$(KEY_NAME).crt
# The unlock password: the appliance's rcS writes its PBKDF2 derivation,
# /etc/seclvl-passwd-hash of the initramfs, to seclvl's passwd_hash before
# the lock. By default a development password generated in KEY_DIR
# (unlock-password, and its derivation unlock-password.hash);
# UNLOCK_HASH=/path/to/file brings your own derivation (one line of
# scripts/seclvl-passwd.py), UNLOCK_HASH= builds an appliance without one.
UNLOCK_HASH ?= $(KEY_DIR)/unlock-password.hash
UNLOCK_OVERLAY := $(BUILD_DIR)/unlock-overlay
# U-Boot's control device trees: QEMU's own, dumped with the runtime
# options, with the public key added as required; the locked U-Boot's also
# carry its boot command (which configuration it boots: the mode)
CONTROL_DTB_normal := $(BUILD_DIR)/u-boot-control-normal.dtb
CONTROL_DTB_maintenance := $(BUILD_DIR)/u-boot-control-maintenance.dtb
CONTROL_DTB_debian := $(BUILD_DIR)/u-boot-control-debian.dtb
CONTROL_DTB_locked := $(CONTROL_DTB_$(MODE))
CONTROL_DTB := $(CONTROL_DTB_$(UBOOT))

# The locked U-Boot: Debian's u-boot source (the version of the installed
# u-boot-qemu), the board's defconfig and boot/u-boot/ fragments
UBOOT_SRC := $(BUILD_DIR)/u-boot-source
UBOOT_LOCKED := $(BUILD_DIR)/u-boot-locked.bin
UBOOT_FRAGMENTS := boot/u-boot/locked.config
# their companions NAME.SYMBOL.config, merged by build-u-boot.sh when the
# tree's Kconfig has SYMBOL
UBOOT_FRAGMENT_COMPANIONS := $(wildcard $(UBOOT_FRAGMENTS:.config=.*.config))
UBOOT_BIN_locked := $(UBOOT_LOCKED)
# Debian's stock binary: where u-boot-qemu puts it, asked of dpkg when a
# recipe needs it (the package may be installed by this very make)
UBOOT_DEBIAN_BIN = $(shell $(SCRIPTS)/debian-u-boot-bin.sh $(UBOOT_DEBIAN_TARGET))
UBOOT_BIN_debian = $(UBOOT_DEBIAN_BIN)

SCRIPTS := scripts
LINUX_SRC := $(BUILD_DIR)/$(KERNEL)/linux
TREE_STAMP := $(LINUX_SRC)/.git/seclvl-series

# The outputs of a variant, fixed names in build/KERNEL/VARIANT/, each
# defined here once: out_NAME is the path for the variant $(1) of
# $(KERNEL). make writes them to build/KERNEL/VARIANT/outputs.env, the
# shared ones to build/outputs.env; the check and bench scripts read those
# files (scripts/outputs.sh).
out_dir = $(BUILD_DIR)/$(KERNEL)/$(1)
out_KERNEL = $(KERNEL)
out_LINUX_SRC = $(LINUX_SRC)
out_PATCH_DIR = kernel-patches/$(KERNEL)
out_VBOOT_DIR = $(VBOOT_DIR)
out_LINUX_OUT = $(BUILD_DIR)/$(KERNEL)/$(1)/linux
out_IMAGE = $(BUILD_DIR)/$(KERNEL)/$(1)/linux/arch/$(ARCH)/boot/Image
out_KERNEL_VERSION = $(BUILD_DIR)/$(KERNEL)/$(1)/kernel.version
out_KCONFIG_FRAGMENTS = $(call kconfig_fragments_of,$(1))
out_DEFCONFIG = defconfig/$(KERNEL)/$(1)_defconfig
out_ROOTFS = $(BUILD_DIR)/$(KERNEL)/$(1)/rootfs.cpio.gz
out_ROOTFS_MAINT = $(BUILD_DIR)/$(KERNEL)/$(1)/rootfs-maintenance.cpio.gz
out_ROOTFS_TEST = $(BUILD_DIR)/$(KERNEL)/$(1)/rootfs-test.cpio.gz
out_ROOTFS_TEST_MAINT = $(BUILD_DIR)/$(KERNEL)/$(1)/rootfs-test-maintenance.cpio.gz
# the product disk carries the normal configuration only; the maintenance
# FIT is a separate signed file, on a disk of its own
out_FIT = $(BUILD_DIR)/$(KERNEL)/$(1)/appliance.itb
out_FIT_MAINT = $(BUILD_DIR)/$(KERNEL)/$(1)/appliance-maintenance.itb
out_FIT_TEST = $(BUILD_DIR)/$(KERNEL)/$(1)/appliance-test.itb
out_FIT_TEST_MAINT = $(BUILD_DIR)/$(KERNEL)/$(1)/appliance-test-maintenance.itb
out_DISK = $(BUILD_DIR)/$(KERNEL)/$(1)/disk-normal.img
out_DISK_MAINT = $(BUILD_DIR)/$(KERNEL)/$(1)/disk-maintenance.img
out_DISK_TEST = $(BUILD_DIR)/$(KERNEL)/$(1)/disk-test-normal.img
out_DISK_TEST_MAINT = $(BUILD_DIR)/$(KERNEL)/$(1)/disk-test-maintenance.img
VARIANT_OUTPUTS := KERNEL LINUX_SRC PATCH_DIR VBOOT_DIR LINUX_OUT IMAGE KERNEL_VERSION KCONFIG_FRAGMENTS DEFCONFIG \
	ROOTFS ROOTFS_MAINT \
	ROOTFS_TEST ROOTFS_TEST_MAINT FIT FIT_MAINT FIT_TEST FIT_TEST_MAINT DISK DISK_MAINT \
	DISK_TEST DISK_TEST_MAINT
OUT := $(call out_dir,$(VARIANT))
LINUX_OUT := $(call out_LINUX_OUT,$(VARIANT))

# Kernel config: defconfig/VARIANT.fragments lists the fragments merged
# onto allnoconfig, in order (@BOARD@ and @KERNEL@ replaced, a leading ?
# for one a kernel may not have), and your own defconfig/local.config (make
# linux-update-config writes it) comes last. defconfig/KERNEL/VARIANT_defconfig
# is what comes out (savedefconfig), checked by make check.
fragment_list = $(shell sed -e 's/\#.*//' -e 's/@BOARD@/$(BOARD)/g' \
	-e 's/@KERNEL@/$(KERNEL)/g' defconfig/$(1).fragments)
LOCAL_FRAGMENT := $(wildcard defconfig/local.config)
kconfig_fragments_of = $(foreach f,$(call fragment_list,$(1)),$(if $(filter ?%,$(f)),\
	$(wildcard $(patsubst ?%,%,$(f))),$(f))) $(LOCAL_FRAGMENT)
KCONFIG_FRAGMENTS := $(call kconfig_fragments_of,$(VARIANT))

# Kernel build environment: out of tree, cross, reproducible, ccache when
# installed. The timestamp is the date of the last commit of this project.
NPROC := $(shell nproc)
# asked when a recipe runs, not when make starts: on a fresh machine the
# deps prerequisite installs ccache during this very make
CCACHE = $(shell command -v ccache 2>/dev/null)
# hash paths relative to the checkout: another clone hits the same cache
export CCACHE_BASEDIR ?= $(CURDIR)
SOURCE_DATE := $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
KBUILD_TIMESTAMP := $(shell LC_ALL=C date -u -d @$(SOURCE_DATE) '+%a %b %e %H:%M:%S UTC %Y')
# kmake_in OUT[,nocache]: kbuild of the tree into OUT
kmake_in = $(MAKE) -C $(LINUX_SRC) O=$(abspath $(1)) \
	ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE) \
	$(if $(filter nocache,$(2)),,$(if $(CCACHE),CC="ccache $(CROSS_COMPILE)gcc")) \
	KBUILD_BUILD_TIMESTAMP="$(KBUILD_TIMESTAMP)" \
	KBUILD_BUILD_USER=seclvl KBUILD_BUILD_HOST=seclvl-build \
	KBUILD_BUILD_VERSION=1 LOCALVERSION=
KMAKE = $(call kmake_in,$(LINUX_OUT))

IMAGE := $(call out_IMAGE,$(VARIANT))
KERNEL_VERSION_FILE := $(call out_KERNEL_VERSION,$(VARIANT))
GEN_INIT_CPIO := $(LINUX_OUT)/usr/gen_init_cpio
BUSYBOX := $(BUILD_DIR)/busybox/busybox
MODULES_OUT := $(OUT)/modules
APPLIANCE_KO := $(MODULES_OUT)/appliance/appliance.ko
TESTMOD_KO := $(MODULES_OUT)/seclvl_testmod/seclvl_testmod.ko
ROOTFS_MODULES := $(OUT)/rootfs-modules
TESTS_OVERLAY := $(OUT)/tests-overlay
ROOTFS := $(call out_ROOTFS,$(VARIANT))
ROOTFS_MAINT := $(call out_ROOTFS_MAINT,$(VARIANT))
ROOTFS_TEST := $(call out_ROOTFS_TEST,$(VARIANT))
ROOTFS_TEST_MAINT := $(call out_ROOTFS_TEST_MAINT,$(VARIANT))
# by MODE: the disk rules pick their FIT from the stem ($$(FIT_$$*))
FIT_normal := $(call out_FIT,$(VARIANT))
FIT_maintenance := $(call out_FIT_MAINT,$(VARIANT))
FIT_TEST_normal := $(call out_FIT_TEST,$(VARIANT))
FIT_TEST_maintenance := $(call out_FIT_TEST_MAINT,$(VARIANT))
DISK_normal := $(call out_DISK,$(VARIANT))
DISK_maintenance := $(call out_DISK_MAINT,$(VARIANT))
FIT := $(FIT_$(MODE))
DISK := $(DISK_$(MODE))
DISK_TEST := $(call out_DISK_TEST,$(VARIANT))
DISK_TEST_MAINT := $(call out_DISK_TEST_MAINT,$(VARIANT))

ROOTFS_FILES := $(shell find rootfs board/$(BOARD)/rootfs -type f 2>/dev/null)
MAINT_FILES := $(shell find rootfs-maintenance -type f 2>/dev/null)
GUEST_TEST_FILES := $(shell find tests/guest -type f 2>/dev/null)
BOOTARGS := quiet
BOOT_FILES := boot/boot.cmd.in scripts/make-disk-image.sh board/$(BOARD)/board.conf
export SOURCE_DATE_EPOCH := $(SOURCE_DATE)

# the disk rules pick their FIT from the stem: $$(FIT_$$*)
.SECONDEXPANSION:

.PHONY: u-boot linux-kbuild test-images product-test-images all rootfs fit disk run check bench reproducible-check distro-check modules deps linux-tree linux-config linux linux-menuconfig \
	linux-update-config clean distclean help FORCE

## all: build the product kernel, initramfs, signed FIT, disk image, the locked U-Boot and its control DT (default)
all: linux rootfs fit disk $(UBOOT_LOCKED) $(CONTROL_DTB_locked)

## deps: install the host packages and busybox-static:arm64 (idempotent)
deps:
	@BUILD_DIR=$(BUILD_DIR) $(SCRIPTS)/install-deps.sh $(or $(KERNEL),default)

# the included makefile of a fresh machine (above): the host's kernel,
# once the dependencies are installed
$(BOOTSTRAP_MK):
	@if [ -n "$(DRY_RUN)" ]; then \
		echo "apt cannot tell this host's kernel yet: run 'make deps' first (make -n installs nothing)" >&2; \
		exit 1; fi
	@echo "apt cannot tell this host's kernel yet: installing the dependencies first"
	@BUILD_DIR=$(BUILD_DIR) $(SCRIPTS)/install-deps.sh default
	@mkdir -p $(@D)
	@k=$$($(SCRIPTS)/host-kernels.sh default) && echo "KERNEL := $$k" >$@

# The series stamp is rewritten only when the tree or the patches change, so
# an unchanged series never reaches the kernel build.
$(TREE_STAMP): FORCE | deps
	@$(SCRIPTS)/prepare-kernel-tree.sh $(LINUX_SRC) kernel-patches/$(KERNEL) $(KERNEL)

## linux-tree: extract the kernel tree and apply kernel-patches/
linux-tree: $(TREE_STAMP)

# rewritten only when the list of fragments changes (a fragment removed)
$(LINUX_OUT)/fragments.list: FORCE
	@mkdir -p $(@D)
	@echo "$(strip $(KCONFIG_FRAGMENTS))" | cmp -s - $@ || echo "$(strip $(KCONFIG_FRAGMENTS))" >$@

# kconfig leaves .config alone when nothing changed: a stamp records that
# the configuration step ran
$(LINUX_OUT)/config.stamp: $(KCONFIG_FRAGMENTS) $(LINUX_OUT)/fragments.list $(TREE_STAMP)
	@$(SCRIPTS)/configure-kernel.sh $(LINUX_SRC) $(LINUX_OUT) $(KCONFIG_FRAGMENTS)
	@touch $@

# .config is written by that step (a rule with no recipe: make -n, which
# does not run it, takes it as made)
$(LINUX_OUT)/.config: $(LINUX_OUT)/config.stamp ;

## linux-config: merge the fragments defconfig/VARIANT.fragments lists onto allnoconfig and check them
linux-config: $(LINUX_OUT)/config.stamp

$(IMAGE): $(LINUX_OUT)/config.stamp $(LINUX_OUT)/.config $(TREE_STAMP)
	@$(SCRIPTS)/timed.sh "build kernel Image" $(KMAKE) -j$(NPROC) Image modules

## linux: build the kernel Image (VARIANT=product|test|debug)
linux: $(IMAGE)

## linux-kbuild: run kbuild even when the pipeline sees no change (after editing build/linux)
linux-kbuild: $(LINUX_OUT)/config.stamp
	@$(SCRIPTS)/timed.sh "build kernel Image" $(KMAKE) -j$(NPROC) Image modules

$(KERNEL_VERSION_FILE): $(IMAGE)
	@$(KMAKE) -s kernelversion >$@

# External modules are built against the tree in a copy under build/ (in
# 6.1, M= writes its objects next to the sources).
$(MODULES_OUT)/%.ko: $(IMAGE)
	@rm -rf $(MODULES_OUT)/$(*D) && mkdir -p $(MODULES_OUT)/$(*D)
	@cp $(MODULE_SRC_$(*D))/* $(MODULES_OUT)/$(*D)/
	@$(SCRIPTS)/timed.sh "module $(*F).ko" $(KMAKE) -s M=$(abspath $(MODULES_OUT)/$(*D)) modules

MODULE_SRC_appliance := modules/appliance
MODULE_SRC_seclvl_testmod := tests/module
$(APPLIANCE_KO): $(wildcard modules/appliance/*)
$(TESTMOD_KO): $(wildcard tests/module/*)

## modules: build the appliance module and the test module
modules: $(APPLIANCE_KO) $(TESTMOD_KO)

# Initramfs: the rootfs/ skeleton with busybox and the appliance module,
# packed by the tree's gen_init_cpio from a generated list (owners, modes
# and /dev/console explicit; timestamps fixed). The test image adds tests/.
$(ROOTFS_MODULES)/lib/modules/appliance.ko: $(APPLIANCE_KO)
	@mkdir -p $(@D) && cp $< $@

# the unlock password's derivation at /etc/seclvl-passwd-hash (none with
# UNLOCK_HASH=); the test images also get the development password itself,
# when there is one, at /tests/unlock-password for the appliance's suite
$(UNLOCK_OVERLAY).stamp: $(UNLOCK_HASH) $(SCRIPTS)/unlock-overlay.sh FORCE
	@$(SCRIPTS)/unlock-overlay.sh "$(UNLOCK_HASH)" $(UNLOCK_OVERLAY) $@
ifneq ($(UNLOCK_HASH),)
$(UNLOCK_HASH):
ifeq ($(UNLOCK_HASH),$(DEFAULT_KEY_DIR)/unlock-password.hash)
	@$(SCRIPTS)/make-unlock-password.sh $(DEFAULT_KEY_DIR) unlock-password
else
	$(error UNLOCK_HASH=$(UNLOCK_HASH) not found: passwords are generated only in $(DEFAULT_KEY_DIR); make one with scripts/seclvl-passwd.py)
endif
endif

# pack OVERLAY...: the initramfs $@ from rootfs/, the module, the unlock
# password's derivation and the overlays
PACK_DEPS := $(ROOTFS_FILES) $(IMAGE) $(ROOTFS_MODULES)/lib/modules/appliance.ko \
	$(UNLOCK_OVERLAY).stamp $(SCRIPTS)/gen-rootfs-list.sh $(SCRIPTS)/pack-initramfs.sh
pack = $(SCRIPTS)/timed.sh "pack $@" $(SCRIPTS)/pack-initramfs.sh $(GEN_INIT_CPIO) $@ \
	$(BUSYBOX) rootfs board/$(BOARD)/rootfs $(ROOTFS_MODULES) $(UNLOCK_OVERLAY)/rootfs $(1)

$(ROOTFS): $(PACK_DEPS) | deps
	@$(call pack)
# the maintenance initramfs: rootfs-maintenance/ on top (the lock step
# sets level -1); only ever in a signed maintenance FIT
$(ROOTFS_MAINT): $(PACK_DEPS) $(MAINT_FILES) | deps
	@$(call pack,rootfs-maintenance)
$(ROOTFS_TEST): $(PACK_DEPS) $(TESTS_OVERLAY).stamp | deps
	@$(call pack,$(TESTS_OVERLAY) $(UNLOCK_OVERLAY)/tests)
$(ROOTFS_TEST_MAINT): $(PACK_DEPS) $(MAINT_FILES) $(TESTS_OVERLAY).stamp | deps
	@$(call pack,$(TESTS_OVERLAY) $(UNLOCK_OVERLAY)/tests rootfs-maintenance)

# The test overlay: tests/guest/ at /tests, the C suites built static for
# aarch64, the seclvl kselftest built from the patched tree with its own
# Makefile (kselftest_harness.h does not build with -Wextra), the test
# module, the version the smoke test expects, and the board's inittab with
# one line more: init runs /tests/after-lock once rcS has set the
# appliance up and locked it (the product's rcS knows nothing of tests).
TEST_CFLAGS := -static -O2 -Wall -Wextra -Werror
# (through a variable: a recipe line naming $$(MAKE) runs under make -n,
# and the tree it enters may not exist yet)
SELFTEST_MAKE = $(MAKE)
GUEST_C_TESTS := $(patsubst tests/guest/%.c,%,$(wildcard tests/guest/*.c))
SELFTEST_DIR := $(LINUX_SRC)/tools/testing/selftests/seclvl
# the kernel's own UAPI headers for the kselftest (the cross libc's are
# the host release's, older than 6.12's io_uring and block commands)
# (kbuild's "headers": LINUX_OUT/usr/include)
UAPI_HEADERS := $(LINUX_OUT)/usr/include
$(UAPI_HEADERS).stamp: $(IMAGE)
	@$(KMAKE) -s headers
	@touch $@
BOARD_INITTAB := board/$(BOARD)/rootfs/etc/inittab
$(TESTS_OVERLAY).stamp: $(GUEST_TEST_FILES) $(TESTMOD_KO) $(KERNEL_VERSION_FILE) $(TREE_STAMP) \
		$(UAPI_HEADERS).stamp $(BOARD_INITTAB)
	@rm -rf $(TESTS_OVERLAY) && mkdir -p $(TESTS_OVERLAY)/tests/bin $(TESTS_OVERLAY)/etc
	@grep -q '^::sysinit:' $(BOARD_INITTAB) || \
		{ echo "$(BOARD_INITTAB): no ::sysinit: line to run the tests after" >&2; exit 1; }
	@sed '/^::sysinit:/a ::wait:/tests/after-lock' $(BOARD_INITTAB) >$(TESTS_OVERLAY)/etc/inittab
	@cp tests/guest/* $(TESTS_OVERLAY)/tests/
	@rm -f $(TESTS_OVERLAY)/tests/*.c $(TESTS_OVERLAY)/tests/*.h
	@for t in $(GUEST_C_TESTS); do \
		$(CROSS_COMPILE)gcc $(TEST_CFLAGS) -o $(TESTS_OVERLAY)/tests/bin/$$t \
			tests/guest/$$t.c || exit 1; done
	@CFLAGS=-Werror $(SELFTEST_MAKE) -s -C $(SELFTEST_DIR) \
		OUTPUT=$(abspath $(TESTS_OVERLAY))/tests/bin \
		CROSS_COMPILE=$(CROSS_COMPILE) LDFLAGS=-static \
		KHDR_INCLUDES="-isystem $(abspath $(UAPI_HEADERS))"
	@cp $(TESTMOD_KO) $(TESTS_OVERLAY)/tests/
	@cp $(KERNEL_VERSION_FILE) $(TESTS_OVERLAY)/tests/kernel.version
	@touch $@

## rootfs: pack the appliance initramfs
rootfs: $(ROOTFS)

# Signing: the key (generated once, never overwritten) and U-Boot's
# control device tree carrying its public half
$(SIGNING_KEY):
ifeq ($(KEY_DIR),$(DEFAULT_KEY_DIR))
	@$(SCRIPTS)/make-signing-key.sh $(KEY_DIR) $(KEY_NAME)
else
	$(error no key $(KEY_NAME).crt in KEY_DIR=$(KEY_DIR): keys are generated only in $(DEFAULT_KEY_DIR); give KEY_NAME of a key there ($(notdir $(basename $(wildcard $(KEY_DIR)/*.crt)))))
endif

# QEMU's tree does not depend on the firmware's contents, only on -bios
# being there: every tree is dumped with Debian's binary, so that none
# waits for the U-Boot build.
CONTROL_DTB_DEPS := $(SIGNING_KEY) board/$(BOARD)/board.conf $(SCRIPTS)/run-qemu.sh \
	$(SCRIPTS)/make-control-dtb.sh
$(CONTROL_DTB_debian): $(CONTROL_DTB_DEPS) | deps
	@$(SCRIPTS)/make-control-dtb.sh board/$(BOARD)/board.conf "$(UBOOT_DEBIAN_BIN)" \
		$(KEY_DIR) $(KEY_NAME) $@
$(CONTROL_DTB_normal) $(CONTROL_DTB_maintenance): $(BUILD_DIR)/u-boot-control-%.dtb: $(CONTROL_DTB_DEPS) | deps
	@$(SCRIPTS)/make-control-dtb.sh board/$(BOARD)/board.conf "$(UBOOT_DEBIAN_BIN)" \
		$(KEY_DIR) $(KEY_NAME) $@ conf-$*

# Fetched again only when the installed u-boot-qemu's version changes: the
# script leaves VERSION untouched otherwise.
$(UBOOT_SRC)/VERSION: FORCE | deps
	@$(SCRIPTS)/fetch-u-boot-source.sh $(UBOOT_SRC)

$(UBOOT_LOCKED): $(UBOOT_SRC)/VERSION $(UBOOT_FRAGMENTS) $(UBOOT_FRAGMENT_COMPANIONS) \
		board/$(BOARD)/board.conf $(SCRIPTS)/build-u-boot.sh
	@$(SCRIPTS)/build-u-boot.sh $(UBOOT_SRC)/src $(BUILD_DIR)/u-boot-build \
		$(UBOOT_DEFCONFIG) $@ $(UBOOT_FRAGMENTS)

## u-boot: build the locked U-Boot from Debian's u-boot source
u-boot: $(UBOOT_LOCKED)

FIT_DEPS := $(IMAGE) $(KERNEL_VERSION_FILE) $(SIGNING_KEY) boot/appliance.its.in \
	$(SCRIPTS)/make-fit-image.sh board/$(BOARD)/board.conf
# make-fit-image.sh BOARD_CONF IMAGE INITRAMFS VERSION CONF OUT KEY_DIR KEY_NAME
fit_image = $(SCRIPTS)/make-fit-image.sh board/$(BOARD)/board.conf $(IMAGE) $(1) \
	"$$(cat $(KERNEL_VERSION_FILE))" $(2) $@ $(KEY_DIR) $(KEY_NAME)

$(FIT_normal): $(ROOTFS) $(FIT_DEPS)
	@$(call fit_image,$(ROOTFS),conf-normal)
$(FIT_maintenance): $(ROOTFS_MAINT) $(FIT_DEPS)
	@$(call fit_image,$(ROOTFS_MAINT),conf-maintenance)
$(FIT_TEST_normal): $(ROOTFS_TEST) $(FIT_DEPS)
	@$(call fit_image,$(ROOTFS_TEST),conf-normal)
$(FIT_TEST_maintenance): $(ROOTFS_TEST_MAINT) $(FIT_DEPS)
	@$(call fit_image,$(ROOTFS_TEST_MAINT),conf-maintenance)

## fit: build the signed FIT image (kernel + initramfs; MODE=maintenance: the maintenance FIT)
fit: $(FIT)

# make-disk-image.sh BOARD_CONF FIT CONF BOOTARGS OUT
$(OUT)/disk-%.img: $$(FIT_$$*) $(BOOT_FILES)
	@$(SCRIPTS)/make-disk-image.sh board/$(BOARD)/board.conf $< conf-$* "$(BOOTARGS)" $@

# Test disks: the test FITs (initramfs with tests/), no quiet.
$(OUT)/disk-test-%.img: $$(FIT_TEST_$$*) $(BOOT_FILES)
	@$(SCRIPTS)/make-disk-image.sh board/$(BOARD)/board.conf $< conf-$* "panic=-1" $@

## disk: build the disk image (GPT: boot partition with the FIT, data; MODE=maintenance: the maintenance disk)
disk: $(DISK)

## run: boot the appliance in QEMU (BOOT=uboot|direct, MODE=normal|maintenance, UBOOT=locked|debian, FRESH=1)
# build/VARIANT/run.img keeps /data from one run to the next; FRESH=1
# empties it. The machine's command line is written beside the images as
# build/KERNEL/VARIANT/start-qemu.sh, which make run then runs (and a user
# may run by hand).
RUN_DISK := $(OUT)/run.img
START_QEMU := $(OUT)/start-qemu.sh
ifeq ($(BOOT),direct)
run: $(IMAGE) $(ROOTFS) $(ROOTFS_MAINT) $(DISK)
	@$(SCRIPTS)/prepare-run-disk.sh board/$(BOARD)/board.conf $(DISK) $(RUN_DISK) $(FRESH)
	@$(SCRIPTS)/run-qemu.sh board/$(BOARD)/board.conf direct $(IMAGE) \
		$(if $(filter maintenance,$(MODE)),$(ROOTFS_MAINT),$(ROOTFS)) "$(BOOTARGS)" \
		--data $(RUN_DISK) --write $(START_QEMU)
	@$(START_QEMU)
else
run: $(DISK) $(CONTROL_DTB) $(if $(filter locked,$(UBOOT)),$(UBOOT_LOCKED))
	@$(SCRIPTS)/prepare-run-disk.sh board/$(BOARD)/board.conf $(DISK) $(RUN_DISK) $(FRESH)
	@$(SCRIPTS)/run-qemu.sh board/$(BOARD)/board.conf uboot $(UBOOT_BIN_$(UBOOT)) \
		$(RUN_DISK) --dtb $(CONTROL_DTB) --write $(START_QEMU)
	@$(START_QEMU)
endif

# The fixtures of make check, with their prerequisites: the pristine disks
# of the levels boot, and the disks the locked U-Boot must refuse or
# ignore (from the product kernel, its test FIT and key, and the debug
# kernel as the attacker's: one that reads its command line; built in the
# product make, after the debug one).
TEST_DISKS := $(BUILD_DIR)/test-disks
VBOOT_DIR := $(BUILD_DIR)/$(KERNEL)/vboot-fixtures
$(TEST_DISKS)/stamp: tests/make-test-disks.sh
	@tests/make-test-disks.sh $(TEST_DISKS) && touch $@
VBOOT_INPUTS := $(call out_IMAGE,product) $(call out_ROOTFS_TEST,product) \
	$(call out_KERNEL_VERSION,product) $(call out_FIT_TEST,product) \
	$(call out_IMAGE,debug) $(call out_ROOTFS_TEST,debug)
$(VBOOT_DIR)/stamp: $(VBOOT_INPUTS) $(SIGNING_KEY) $(wildcard tests/boot/*) $(BOOT_FILES) \
		$(SCRIPTS)/make-fit-image.sh $(SCRIPTS)/make-signing-key.sh
	@tests/boot/make-verified-boot-fixtures.sh board/$(BOARD)/board.conf \
		$(call out_IMAGE,product) $(call out_ROOTFS_TEST,product) \
		"$$(cat $(call out_KERNEL_VERSION,product))" $(call out_FIT_TEST,product) \
		$(KEY_NAME) $(call out_IMAGE,debug) $(call out_ROOTFS_TEST,debug) $(VBOOT_DIR)
	@touch $@

# The manifests of the outputs, NAME=path a line, for the scripts that use
# what several makes built (check, bench, reproducible-check): rewritten
# only when a name changes.
SHARED_OUTPUTS = BOARD_CONF=board/$(BOARD)/board.conf \
	UBOOT_LOCKED=$(UBOOT_LOCKED) UBOOT_SRC=$(UBOOT_SRC)/src UBOOT_DEBIAN=$(UBOOT_DEBIAN_BIN) \
	CONTROL_DTB_NORMAL=$(CONTROL_DTB_normal) CONTROL_DTB_MAINTENANCE=$(CONTROL_DTB_maintenance) \
	CONTROL_DTB_DEBIAN=$(CONTROL_DTB_debian) KEY_DIR=$(KEY_DIR) KEY_NAME=$(KEY_NAME) \
	TEST_DISKS=$(TEST_DISKS) BUSYBOX=$(BUSYBOX)
define write_if_changed
	@mkdir -p $(@D)
	@printf '%s\n' $(1) >$@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
endef
$(BUILD_DIR)/outputs.env: FORCE
	$(call write_if_changed,$(SHARED_OUTPUTS))
$(OUT)/outputs.env: FORCE
	$(call write_if_changed,$(foreach v,$(VARIANT_OUTPUTS),'$(v)=$(strip $(call out_$(v),$(VARIANT)))'))
MANIFESTS := $(BUILD_DIR)/outputs.env $(OUT)/outputs.env

# What make check boots, per kernel: built by one make per VARIANT.
test-images: $(IMAGE) $(ROOTFS_TEST) $(TEST_DISKS)/stamp $(MANIFESTS)
product-test-images: $(IMAGE) $(ROOTFS_TEST) $(DISK_TEST) $(DISK_TEST_MAINT) $(UBOOT_LOCKED) \
	$(CONTROL_DTB_debian) $(CONTROL_DTB_normal) $(CONTROL_DTB_maintenance) \
	$(VBOOT_DIR)/stamp $(MANIFESTS)

## check: host checks and guest boots, every kernel this host installs; last line "N passed, N failed"
# Every kernel of kernel-patches/ whose linux-source this host's apt offers
# (Debian 12: 6.1 and 6.12) gets its host checks, its series check and its
# test boots; the product through U-Boot is booted for $(KERNEL), the
# host's own. The host's own kernel boots its tests on its debug kernel
# (the test configuration plus the checkers: a superset), the others on
# their test kernel: one kernel build fewer. CHECK_KERNELS="6.1" checks
# only the kernels named (a developer's shortcut; CI checks them all).
CHECK_KERNELS ?=
# test_images_of KERNELS (shell words): the test kernel and its images of each
test_images_of = for k in $(1); do \
		$(MAKE) --no-print-directory KERNEL=$$k VARIANT=test test-images || exit; \
	done
# (each line that runs a make runs only that make: make -n runs them, as
# dry runs, and prints the others)
check_kernels = kernels="$(CHECK_KERNELS)" && kernels=$${kernels:-$$($(SCRIPTS)/host-kernels.sh all)}
check:
	@BUILD_DIR=$(BUILD_DIR) $(SCRIPTS)/install-deps.sh all
	@$(check_kernels) && $(call test_images_of,$$(printf '%s\n' $$kernels | grep -vxF '$(KERNEL)'))
	@$(MAKE) --no-print-directory VARIANT=debug test-images
	@$(MAKE) --no-print-directory VARIANT=product product-test-images
	@$(check_kernels) && tests/check.sh $(BUILD_DIR) $(KERNEL) $$kernels

# make bench measures the build itself first: a cold kbuild of the product
# configuration without ccache in a scratch tree, the rebuild after
# touching one seclvl file (its time stamp put back afterwards, so that
# the other trees do not rebuild), and a no-op make of the product.
BENCH_OUT := $(BUILD_DIR)/bench
BENCH_KBUILD := $(BENCH_OUT)/linux
BENCH_TOUCHED := $(LINUX_SRC)/security/seclvl/bdev.c
KMAKE_BENCH = $(call kmake_in,$(BENCH_KBUILD),nocache)
# the no-op make measured: named through a variable, as a line naming
# $$(MAKE) itself runs under make -n (bench_time would write its figures)
NOOP_MAKE = $(MAKE)
bench_time = bench/time-command.sh $(BENCH_OUT)/raw.txt $(BENCH_OUT)/build.log $(1) --

# make bench's peer: the kernel a Buildroot user boots on this board
# (board/BOARD/buildroot-peer.config on alldefconfig), on the same tree
# and compiler, for its Image size and its boot to /init
PEER_FRAGMENT := board/$(BOARD)/buildroot-peer.config
PEER_OUT := $(BUILD_DIR)/$(KERNEL)/buildroot-peer/linux
PEER_IMAGE := $(PEER_OUT)/arch/$(ARCH)/boot/Image
$(PEER_OUT)/config.stamp: $(PEER_FRAGMENT) $(TREE_STAMP)
	@$(SCRIPTS)/configure-kernel.sh --defaults $(LINUX_SRC) $(PEER_OUT) $(PEER_FRAGMENT)
	@touch $@
$(PEER_IMAGE): $(PEER_OUT)/config.stamp
	@$(SCRIPTS)/timed.sh "build the Buildroot peer's Image" \
		$(call kmake_in,$(PEER_OUT)) -j$(NPROC) Image

## bench: build, size, boot and hook-overhead figures; writes BENCHMARKS.md
bench: | deps
	@$(call test_images_of,$$($(SCRIPTS)/host-kernels.sh all))
	@$(MAKE) --no-print-directory VARIANT=product all $(CONTROL_DTB_debian) $(MANIFESTS)
	@$(MAKE) --no-print-directory $(PEER_IMAGE)
	@rm -rf $(BENCH_KBUILD) && mkdir -p $(BENCH_OUT) && : >$(BENCH_OUT)/raw.txt
	@$(SCRIPTS)/configure-kernel.sh $(LINUX_SRC) $(BENCH_KBUILD) \
		$(call kconfig_fragments_of,product) >$(BENCH_OUT)/build.log
	@$(call bench_time,build_cold_s) $(KMAKE_BENCH) -j$(NPROC) Image modules
	@touch -r $(BENCH_TOUCHED) $(BENCH_OUT)/touched.mtime && touch $(BENCH_TOUCHED)
	@$(call bench_time,build_touch_seclvl_s) $(KMAKE_BENCH) -j$(NPROC) Image modules; \
		rc=$$?; touch -r $(BENCH_OUT)/touched.mtime $(BENCH_TOUCHED); exit $$rc
	@$(call bench_time,build_noop_s) $(NOOP_MAKE) -s VARIANT=product all
	@bench/bench.sh $(BUILD_DIR) $(KERNEL) $(BENCH_OUT) $(PEER_IMAGE) $$($(SCRIPTS)/host-kernels.sh all)

## reproducible-check: two clean builds, compare Image, initramfs, FIT, the locked U-Boot and its control DT
reproducible-check:
	@tests/reproducible-check.sh $(BUILD_DIR)/repro $(KERNEL)

## distro-check: in a debootstrapped DIST root (default trixie), a clean clone: make run to the lock banner, make check
DIST ?= trixie
distro-check:
	@tests/distro-check.sh $(DIST) $(BUILD_DIR)/distro/$(DIST) $(BUILD_DIR)/distro/$(DIST)-logs

## linux-menuconfig: change the kernel config interactively
linux-menuconfig: $(LINUX_OUT)/config.stamp
	$(KMAKE) menuconfig

## linux-update-config: write menuconfig changes back as defconfig/local.config (merged last)
linux-update-config: $(LINUX_OUT)/config.stamp
	@$(SCRIPTS)/save-kernel-fragment.sh $(LINUX_SRC) $(LINUX_OUT) \
		defconfig/local.config $(filter-out defconfig/local.config,$(KCONFIG_FRAGMENTS))

## linux-update-defconfig: rewrite defconfig/KERNEL/VARIANT_defconfig, what the fragments give (savedefconfig)
linux-update-defconfig: $(LINUX_OUT)/config.stamp
	$(if $(LOCAL_FRAGMENT),$(error defconfig/local.config would be in it: make it a fragment of defconfig/fragments/ and list it, or move it aside))
	@$(SCRIPTS)/check-defconfig.sh --update $(LINUX_SRC) $(LINUX_OUT) $(call out_DEFCONFIG,$(VARIANT))

## clean: remove build outputs, keep the extracted kernel tree, U-Boot source, busybox and the signing key
clean:
	rm -rf $(filter-out $(addprefix $(BUILD_DIR)/,$(KERNELS)) $(UBOOT_SRC) $(BUILD_DIR)/busybox \
		$(KEY_DIR),$(wildcard $(BUILD_DIR)/*)) \
		$(filter-out %/linux,$(wildcard $(addprefix $(BUILD_DIR)/,$(addsuffix /*,$(KERNELS)))))

## distclean: remove everything under build/
distclean:
	rm -rf $(BUILD_DIR)

## help: list the targets and the variables
help:
	@echo 'Targets (BOARD=$(BOARD), outputs in $(BUILD_DIR)/):'
	@sed -n 's/^## \([^:]*\): /  \1\t/p' $(MAKEFILE_LIST) | expand -t 26
	@echo
	@echo 'Variables (make VAR=value target; the default first):'
	@echo '  BOARD=$(notdir $(wildcard board/*))   the board: board/<BOARD>/ (board.conf, linux.config, cmdline.config, rootfs/)'
	@echo '  KERNEL=$(subst $(space),|,$(KERNELS))            which kernel series and Debian linux-source (default: the one linux-source depends on here, $(KERNEL))'
	@echo '  VARIANT=product|test|debug  which kernel: the appliance, the test kernel, the test kernel with lockdep and KASAN'
	@echo '  MODE=normal|maintenance     which FIT, disk and control tree: the product, or the signed maintenance boot (level -1)'
	@echo '  BOOT=uboot|direct           run: through U-Boot from the disk, or QEMU -kernel/-initrd (verifies nothing)'
	@echo '  UBOOT=locked|debian         run: the locked U-Boot built here, or Debian'"'"'s stock u-boot-qemu for comparison'
	@echo '  FRESH=1                     run: start from a fresh disk (an empty /data); by default /data is kept'
	@echo '  KEY_DIR=$(DEFAULT_KEY_DIR) KEY_NAME=dev  the FIT signing key (NAME.key, NAME.crt); generated only in $(DEFAULT_KEY_DIR)'
	@echo '  UNLOCK_HASH=$(KEY_DIR)/unlock-password.hash  the unlock password'"'"'s derivation rcS sets (scripts/seclvl-passwd.py); generated only in $(DEFAULT_KEY_DIR); empty: none'
	@echo '  BUILD_DIR=build             where every output goes'
	@echo '  V=1                         kbuild'"'"'s verbose output'

FORCE:
