#!/usr/bin/python3
"""Print the CONFIG_SECURITY_SECLVL_PASSWD line for a password.

usage: seclvl-passwd.py [ITERATIONS] < password

The password is read from standard input (one trailing newline stripped),
the salt is 16 random bytes, the iteration count defaults to 100000.
"""
import hashlib
import os
import sys


def main():
    if len(sys.argv) > 2:
        sys.exit(__doc__.strip())
    iterations = int(sys.argv[1]) if len(sys.argv) == 2 else 100000
    if not 1000 <= iterations <= 10000000:
        sys.exit("seclvl-passwd.py: ITERATIONS must be 1000 to 10000000")
    password = sys.stdin.buffer.read()
    if password.endswith(b"\n"):
        password = password[:-1]
    if not password:
        sys.exit("seclvl-passwd.py: empty password")
    salt = os.urandom(16)
    key = hashlib.pbkdf2_hmac("sha256", password, salt, iterations)
    print(f'CONFIG_SECURITY_SECLVL_PASSWD="pbkdf2-sha256:{iterations}:'
          f'{salt.hex()}:{key.hex()}"')


if __name__ == "__main__":
    main()
