#!/usr/bin/env python3
"""Print the Kconfig symbols whose visibility depends on the toolchain.

A symbol is a toolchain probe when its value comes from a Kconfig macro
that runs the compiler, assembler, linker or a shell (def_bool
$(success,...), $(cc-option,...), $(as-instr,...), $(cc-version)...).
A symbol depends on the toolchain when its 'depends on' (or an enclosing
'if') names a probe or another symbol that depends on the toolchain.
On a newer toolchain such a symbol can become visible; built from
allnoconfig it is then off, and savedefconfig writes '# CONFIG_X is not
set' where the older toolchain wrote nothing (CONFIG_RELR with binutils
2.43+ on arm64).

    kconfig-toolchain-symbols.py LINUX_SRC     one symbol a line, sorted
"""
import os
import re
import sys

PROBE = re.compile(r"\$\((success|failure|shell|[a-z]+-(option|instr|version|"
                   r"name|option-bit))\b")
CONFIG = re.compile(r"^\s*(?:menu)?config\s+([A-Za-z0-9_]+)\s*$")
DEPENDS = re.compile(r"^\s*depends\s+on\s+(.*)$")
IF = re.compile(r"^\s*if\s+(.*)$")
ENDIF = re.compile(r"^\s*endif\b")
BLOCK_END = re.compile(r"^\s*(menu|endmenu|choice|endchoice|comment|source|"
                       r"mainmenu|if|endif)\b")
SYMBOL = re.compile(r"\b[A-Z0-9_]+\b")


def read_kconfig(path, probes, deps):
    """Add the probes of one Kconfig file, and each symbol's dependencies."""
    current = None
    ifs = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.split("#", 1)[0] if "$(" not in line else line
            m = CONFIG.match(line)
            if m:
                current = m.group(1)
                deps.setdefault(current, set())
                for cond in ifs:
                    deps[current] |= set(SYMBOL.findall(cond))
                continue
            if IF.match(line) and not line.startswith(("\t", " ")):
                ifs.append(IF.match(line).group(1))
                current = None
                continue
            if ENDIF.match(line):
                if ifs:
                    ifs.pop()
                current = None
                continue
            if BLOCK_END.match(line) and not line.startswith(("\t", " ")):
                current = None
                continue
            if current is None:
                continue
            if PROBE.search(line):
                probes.add(current)
            m = DEPENDS.match(line)
            if m:
                deps[current] |= set(SYMBOL.findall(m.group(1)))


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: kconfig-toolchain-symbols.py LINUX_SRC")
    src = sys.argv[1]
    probes, deps = set(), {}
    for root, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.startswith("Kconfig"):
                read_kconfig(os.path.join(root, name), probes, deps)
    tool = set(probes)
    changed = True
    while changed:
        changed = False
        for sym, needs in deps.items():
            if sym not in tool and needs & tool:
                tool.add(sym)
                changed = True
    for sym in sorted(tool):
        print(sym)


if __name__ == "__main__":
    main()
