#!/usr/bin/env python3
"""Turn the raw figures of bench/bench.sh into results.json and a
Markdown table.

usage: bench-report.py RAW JSON TABLE COMMIT MACHINE [BOOT_LOG_DIR]

With BOOT_LOG_DIR (the boots' logs of bench/bench.sh, one line per serial
line stamped with the host's seconds since QEMU started), the table is
followed by where a boot's time goes: the median time of each step.
"""
import glob
import json
import os
import re
import statistics
import sys
import time


def mib(n):
    return f"{n / 1048576:.2f} MiB"


def met(value, limit):
    """The last column: is the target (value <= limit) met?"""
    return "yes" if value <= limit else "**no**"


def boot_steps(path):
    """The steps of one boot log: {label: seconds}, each label's first time.
    A step is the first serial line, U-Boot's "Starting kernel", each
    "[setup] ..." line of the appliance's rcS (up to its first colon: what
    follows is the clock or a device's state) and the lock banner."""
    steps = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"\s*([0-9.]+) (.*)$", line.rstrip("\r\n"))
            if not m:
                continue
            t, text = float(m.group(1)), m.group(2).strip()
            label = None
            if not steps:
                steps["first serial line"] = t
            if "Starting kernel" in text:
                label = "U-Boot: Starting kernel"
            elif "[setup] " in text:
                label = "rcS: " + text.split("[setup] ", 1)[1].split(":", 1)[0]
            elif "appliance-state: locked" in text:
                label = "lock banner"
            if label and label not in steps:
                steps[label] = t
    return steps


def breakdown(log_dir, kind):
    """Median time of each step over the boots of one kind, in boot order."""
    boots = [boot_steps(p) for p in sorted(glob.glob(os.path.join(log_dir, f"boot-{kind}-[0-9]*.log")))]
    boots = [b for b in boots if "lock banner" in b]
    if not boots:
        return []
    labels = [k for k in boots[0] if all(k in b for b in boots)]
    rows = sorted(((statistics.median(b[k] for b in boots), k) for k in labels))
    return [(k, t, len(boots)) for t, k in rows]


def main():
    raw, json_out, table_out, commit, machine = sys.argv[1:6]
    log_dir = sys.argv[6] if len(sys.argv) > 6 else None
    vals = {}
    for line in open(raw, encoding="utf-8"):
        key, value = line.split(None, 1)
        value = value.strip()
        try:
            value = float(value)
        except ValueError:
            pass
        vals.setdefault(key, []).append(value)

    def one(key):
        return vals[key][0]

    def stats(key):
        v = vals[key]
        return {"median": statistics.median(v), "min": min(v), "max": max(v),
                "n": len(v), "values": v}

    res = {
        "commit": commit, "machine": machine,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "build": {k: one(k) for k in ("build_cold_s", "build_touch_seclvl_s", "build_noop_s")},
        "size": {k: one(k) for k in vals if k.startswith("size_") or
                 k in ("debian_vmlinuz", "debian_modules")},
        "debian_package": one("debian_package").replace("_", " "),
        "boot": {k: stats(k) for k in ("boot_direct_s", "boot_uboot_s",
                                       "boot_uboot_debian_s", "boot_init_floor_s",
                                       "boot_init_product_s",
                                       "boot_init_buildroot_s", "boot_init_debian_s")},
        "overhead": {},
    }
    # overhead_with@KERNEL@OP, overhead_without@KERNEL@OP
    pairs = sorted({tuple(k.split("@")[1:]) for k in vals if k.startswith("overhead_with@")},
                   key=lambda p: ([int(x) for x in p[0].split(".")], p[1]))
    for kernel, op in pairs:
        w, wo = vals[f"overhead_with@{kernel}@{op}"], vals[f"overhead_without@{kernel}@{op}"]
        res["overhead"][f"{kernel} {op}"] = {
            "kernel": kernel, "op": op,
            "with_ns": statistics.median(w), "without_ns": statistics.median(wo),
            "ratio": statistics.median(w) / statistics.median(wo),
            "ratio_low": min(w) / max(wo), "ratio_high": max(w) / min(wo),
            "with_values": w, "without_values": wo,
        }
    # unlock@KERNEL@ITERATIONS: guest instructions of one verification
    res["unlock"] = {}
    for key in sorted((k for k in vals if k.startswith("unlock@")),
                      key=lambda k: [int(x) for x in k.split("@")[1].split(".")]):
        _, kernel, iterations = key.split("@")
        v = vals[key]
        res["unlock"][kernel] = {
            "kernel": kernel, "iterations": int(iterations),
            "median": statistics.median(v), "min": min(v), "max": max(v), "n": len(v),
            "per_iteration": statistics.median(v) / int(iterations), "values": v,
        }
    if log_dir:
        res["boot_steps"] = {kind: [{"step": k, "median_s": t, "n": n} for k, t, n in breakdown(log_dir, kind)]
                             for kind in ("direct", "uboot")}
    with open(json_out, "w", encoding="utf-8") as f:
        json.dump(res, f, indent=2)

    s, b, bo = res["size"], res["build"], res["boot"]
    rows = [
        "# Benchmarks",
        "",
        f"Measured by `make bench` on {res['date']}, commit {commit}, on {machine}.",
        "QEMU TCG (no KVM): boot times are the host's clock on the serial stream.",
        "Hook overhead: the same kernel booted with seclvl (at level 2) and with",
        "`lsm=capability` (seclvl left out), under `-icount shift=0`, so that the",
        "guest's clock counts executed instructions: the figures are guest",
        "instructions per operation, deterministic to about 0.1%.",
        "",
        "| what | measured | target | met |",
        "|---|---|---|---|",
        f"| cold kernel build, ccache off, -j{machine.split()[0]} (configure + Image + modules) | {b['build_cold_s']:.0f} s | | |",
        f"| rebuild after touching security/seclvl/bdev.c | {b['build_touch_seclvl_s']:.1f} s | | |",
        f"| no-op `make` | {b['build_noop_s']:.2f} s | < 10 s | {met(b['build_noop_s'], 10)} |",
        f"| product Image | {mib(s['size_image'])} | <= 4 MiB | {met(s['size_image'], 4 * 1048576)} |",
        f"| product Image, gzip -9 | {mib(s['size_image_gz'])} | | |",
        f"| the test kernel's Image (KUnit, debugfs, namespaces, modules for the tests) | {mib(s['size_test_image'])} | | |",
        f"| initramfs (gzip cpio) | {mib(s['size_initramfs'])} | | |",
        f"| FIT (Image + initramfs) | {mib(s['size_fit'])} | | |",
        f"| disk image (raw; allocated) | {mib(s['size_disk'])}; {mib(s['size_disk_allocated'])} | | |",
        f"| Debian {res['debian_package']}: vmlinuz | {mib(s['debian_vmlinuz'])} | reference | |",
        f"| Debian {res['debian_package']}: modules directory | {mib(s['debian_modules'])} | reference | |",
    ]
    for key, name, limit in (("boot_direct_s", "direct (-kernel/-initrd)", 0.5),
                             ("boot_uboot_s", "locked U-Boot + signed FIT from disk", 3),
                             ("boot_uboot_debian_s", "Debian's stock U-Boot + boot.scr + signed FIT", None)):
        x = bo[key]
        target, verdict = ("reference", "") if limit is None else (f"<= {limit} s", met(x["median"], limit))
        rows.append(f"| boot to lock banner, {name}: median (min-max, n={x['n']}) | "
                    f"{x['median']:.2f} s ({x['min']:.2f}-{x['max']:.2f}) | {target} | {verdict} |")
    for o in res["overhead"].values():
        rows.append(f"| hook overhead, {o['kernel']} test kernel, {o['op']}: with/without seclvl, ratio of medians (range) | "
                    f"{o['ratio']:.4f} ({o['ratio_low']:.4f}-{o['ratio_high']:.4f}); "
                    f"{o['with_ns']:.0f} vs {o['without_ns']:.0f} instructions | <= 1.01 | "
                    f"{met(o['ratio'], 1.01)} |")
    for u in res["unlock"].values():
        rows.append(f"| unlock password, {u['kernel']} test kernel: one verification of a wrong password "
                    f"at the floor ({u['iterations']} PBKDF2 iterations), median (min-max, n={u['n']}) | "
                    f"{u['median'] / 1e6:.1f} M instructions ({u['min'] / 1e6:.1f}-{u['max'] / 1e6:.1f}); "
                    f"{u['per_iteration']:.0f} an iteration | about 0.1 s on a 2-core arm64 board "
                    f"(100 M instructions at one a nanosecond): 50-150 M | "
                    f"{'yes' if 50e6 <= u['median'] <= 150e6 else '**no**'} |")
    rows += ["", "The product kernel beside its peers, each booted directly with the same",
             "initramfs (an `/init` that prints one line) and command line: the kernel",
             "a Buildroot user boots on this board (Buildroot's qemu_aarch64_virt",
             "kernel options, `board/qemu-virt/buildroot-peer.config`, on alldefconfig,",
             "same tree and compiler, plus initramfs support) and Debian's arm64 kernel",
             "(no modules loaded).",
             "", "| kernel | Image | Image, gzip -9 | boot to /init: median (min-max) |",
             "|---|---|---|---|"]
    for name, img, gz, key in (
            ("product (seclvl appliance)", s["size_image"], s["size_image_gz"], "boot_init_product_s"),
            ("Buildroot qemu_aarch64_virt options", s["size_buildroot_image"],
             s["size_buildroot_image_gz"], "boot_init_buildroot_s"),
            (f"Debian {res['debian_package']}", s["size_debian_image"], s["size_debian_image_gz"],
             "boot_init_debian_s")):
        x = bo[key]
        rows.append(f"| {name} | {mib(img)} | {mib(gz)} | "
                    f"{x['median']:.2f} s ({x['min']:.2f}-{x['max']:.2f}, n={x['n']}) |")
    fl, pr, lk = bo["boot_init_floor_s"], bo["boot_init_product_s"], bo["boot_direct_s"]
    rows.append(f"| no kernel: QEMU's floor (`bench/qemu-floor.S`, an Image that prints a line at its "
                f"first instruction) | | | {fl['median']:.2f} s ({fl['min']:.2f}-{fl['max']:.2f}, n={fl['n']}) |")
    left = 0.5 - pr["median"]
    rest = (f"which leaves {left:.2f} s" if left >= 0 else
            f"{-left:.2f} s past the target before anything else runs, and leaves nothing")
    rows += ["", f"Of the 0.5 s target for the lock on the direct path, QEMU's own start "
             f"takes {fl['median']:.2f} s and the product kernel {pr['median'] - fl['median']:.2f} s "
             f"more to run a one-line `/init` ({pr['median']:.2f} s), {rest} "
             f"for the appliance's initramfs, init and setup; "
             f"they take {lk['median'] - pr['median']:.2f} s (lock banner at {lk['median']:.2f} s)."]
    names = {"direct": "direct (-kernel/-initrd)", "uboot": "locked U-Boot + signed FIT from disk"}
    for kind, steps in res.get("boot_steps", {}).items():
        if not steps:
            continue
        rows += ["", f"Where the boot's time goes, {names[kind]}: each step's median time "
                 f"since QEMU started (n={steps[0]['n']}), and since the step before.",
                 "", "| step | since start | since the step before |", "|---|---|---|"]
        prev = 0.0
        for st in steps:
            rows.append(f"| {st['step']} | {st['median_s']:.3f} s | {st['median_s'] - prev:+.3f} s |")
            prev = st["median_s"]
    with open(table_out, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")


main()
