#!/usr/bin/env python3
"""Time one boot: start a command (the QEMU launcher), stamp each serial
line with the host's monotonic clock, and print the seconds from the start
to the first line that contains MARKER; then stop the command.

usage: time-boot.py TIMEOUT MARKER LOG -- COMMAND...
"""
import os
import signal
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 6 or sys.argv[4] != "--":
        sys.exit(__doc__)
    timeout, marker, log = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    start = time.monotonic()
    proc = subprocess.Popen(sys.argv[5:], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    found = None
    with open(log, "w", encoding="utf-8", errors="replace") as out:
        for raw in proc.stdout:
            t = time.monotonic() - start
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            out.write(f"{t:8.3f} {line}\n")
            if found is None and marker in line:
                found = t
                break
            if t > timeout:
                break
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait()
    if found is None:
        sys.exit(f"time-boot: '{marker}' not seen within {timeout:.0f} s (log: {log})")
    print(f"{found:.3f}")


main()
