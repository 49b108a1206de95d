# seclvl appliance: top-level Makefile.
#
# Every output goes under $(BUILD_DIR). `make help` lists the targets.

BOARD ?= qemu-virt
BUILD_DIR ?= build
BOOT ?= uboot
MODE ?= normal

include board/$(BOARD)/board.conf

SCRIPTS := scripts
LINUX_SRC := $(BUILD_DIR)/linux
LINUX_OUT := $(BUILD_DIR)/linux-build
TREE_STAMP := $(LINUX_SRC)/.git/seclvl-series

# Kernel config: fragments merged onto allnoconfig, in this order.
KCONFIG_FRAGMENTS := $(addprefix defconfig/,virt.config appliance.config \
	security.config test.config)

# Kernel build environment: out of tree, cross, reproducible, ccache when
# installed. The timestamp is the date of the last commit of this project.
NPROC := $(shell nproc)
CCACHE := $(shell command -v ccache 2>/dev/null)
SOURCE_DATE := $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
KMAKE := $(MAKE) -C $(LINUX_SRC) O=$(abspath $(LINUX_OUT)) \
	ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
	$(if $(CCACHE),CC="ccache aarch64-linux-gnu-gcc") \
	KBUILD_BUILD_TIMESTAMP="$(shell LC_ALL=C date -u -d @$(SOURCE_DATE) '+%a %b %e %H:%M:%S UTC %Y')" \
	KBUILD_BUILD_USER=seclvl KBUILD_BUILD_HOST=seclvl-build \
	KBUILD_BUILD_VERSION=1 LOCALVERSION=

IMAGE := $(LINUX_OUT)/arch/arm64/boot/Image
GEN_INIT_CPIO := $(LINUX_OUT)/usr/gen_init_cpio

STAGE = @printf '>>> %s\n' "$(1)"

.PHONY: all deps linux-tree linux-config linux linux-menuconfig \
	linux-savedefconfig clean distclean help FORCE

all: linux

## deps: install the host packages and busybox-static:arm64 (idempotent)
deps:
	@$(SCRIPTS)/install-deps.sh

# The series stamp is rewritten only when the tree or the patches change, so
# an unchanged series never reaches the kernel build.
$(TREE_STAMP): FORCE | deps
	@$(SCRIPTS)/prepare-kernel-tree.sh $(LINUX_SRC) kernel-patches

## linux-tree: extract the kernel tree and apply kernel-patches/
linux-tree: $(TREE_STAMP)

$(LINUX_OUT)/.config: $(KCONFIG_FRAGMENTS) $(TREE_STAMP)
	@$(SCRIPTS)/configure-kernel.sh $(LINUX_SRC) $(LINUX_OUT) $(KCONFIG_FRAGMENTS)

## linux-config: merge defconfig/ fragments onto allnoconfig and check them
linux-config: $(LINUX_OUT)/.config

$(IMAGE): $(LINUX_OUT)/.config $(TREE_STAMP)
	@$(SCRIPTS)/timed.sh "build kernel Image" $(KMAKE) -j$(NPROC) Image modules

## linux: build the kernel Image
linux: $(IMAGE)

## linux-menuconfig: change the kernel config interactively
linux-menuconfig: $(LINUX_OUT)/.config
	$(KMAKE) menuconfig

## linux-savedefconfig: write menuconfig changes back as defconfig/local.config
linux-savedefconfig: $(LINUX_OUT)/.config
	@$(SCRIPTS)/save-kernel-fragment.sh $(LINUX_SRC) $(LINUX_OUT) \
		defconfig/local.config $(KCONFIG_FRAGMENTS)

## clean: remove build outputs, keep the extracted kernel tree and busybox
clean:
	rm -rf $(LINUX_OUT) $(filter-out $(LINUX_SRC) $(BUILD_DIR)/busybox,$(wildcard $(BUILD_DIR)/*))

## distclean: remove everything under build/
distclean:
	rm -rf $(BUILD_DIR)

## help: list the targets
help:
	@echo 'Targets (BOARD=$(BOARD), outputs in $(BUILD_DIR)/):'
	@sed -n 's/^## \([^:]*\): /  \1\t/p' $(MAKEFILE_LIST) | expand -t 26

FORCE:
