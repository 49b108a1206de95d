#!/usr/bin/python3
"""Print the PBKDF2-HMAC-SHA256 derivation of an unlock password.

usage: seclvl-passwd.py [--kconfig] [ITERATIONS] < password
       seclvl-passwd.py --check FILE

Prints the line that /sys/kernel/security/seclvl/passwd_hash takes (the
appliance's initramfs holds it), or with --kconfig the
CONFIG_SECURITY_SECLVL_PASSWD line that builds it into the kernel. The
password is read from standard input (one trailing newline stripped), the
salt is 16 random bytes, the iteration count defaults to 100000 (the
kernel accepts 20000 to 10000000). With --check, FILE must hold one such
line (the kernel checks it again): exit status 0, or 1 with the reason.
"""
import hashlib
import os
import re
import sys

ITERATIONS_MIN = 20000
ITERATIONS_MAX = 10000000


LINE = re.compile(r"pbkdf2-sha256:([1-9][0-9]{0,7}):(?:[0-9a-f]{2}){8,64}:[0-9a-f]{64}")


def check(path):
    """Exit 0 if the file at path is one line passwd_hash takes."""
    try:
        with open(path, encoding="ascii") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"seclvl-passwd.py: {path}: {e}")
    lines = text.split("\n")
    m = LINE.fullmatch(lines[0]) if len(lines) == 2 and not lines[1] else None
    if not m or not ITERATIONS_MIN <= int(m.group(1)) <= ITERATIONS_MAX:
        sys.exit(f"seclvl-passwd.py: {path} is not one line pbkdf2-sha256:"
                 f"<{ITERATIONS_MIN}-{ITERATIONS_MAX}>:<salt, 16-128 hex digits>:"
                 "<key, 64 hex digits>")


def main():
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--check":
        check(args[1])
        return
    kconfig = bool(args) and args[0] == "--kconfig"
    if kconfig:
        args = args[1:]
    if len(args) > 1 or (args and not args[0].isdigit()):
        sys.exit(__doc__.strip())
    iterations = int(args[0]) if args else 100000
    if not ITERATIONS_MIN <= iterations <= ITERATIONS_MAX:
        sys.exit(f"seclvl-passwd.py: ITERATIONS must be {ITERATIONS_MIN} to {ITERATIONS_MAX}")
    password = sys.stdin.buffer.read()
    if password.endswith(b"\n"):
        password = password[:-1]
    if not password:
        sys.exit("seclvl-passwd.py: empty password")
    salt = os.urandom(16)
    key = hashlib.pbkdf2_hmac("sha256", password, salt, iterations)
    line = f"pbkdf2-sha256:{iterations}:{salt.hex()}:{key.hex()}"
    print(f'CONFIG_SECURITY_SECLVL_PASSWD="{line}"' if kconfig else line)


if __name__ == "__main__":
    main()
