#!/usr/bin/env python3
"""Boot QEMU with keys hammered on its serial console during the boot
loader's whole run, as a person at the console would.

usage: boot-with-keys.py LOG TIMEOUT RUN_QEMU_ARGS...

Runs scripts/run-qemu.sh RUN_QEMU_ARGS... --batch --serial-stdin, and from
U-Boot's banner on writes Ctrl-C, space and Enter, over and over, until
the kernel starts ("Starting kernel") or U-Boot shows its prompt ("=> ").
At a prompt it types "poweroff" (Debian's stock U-Boot has it), so the run
ends either way. The console goes to LOG. Exits 0 when QEMU ended before
TIMEOUT seconds, 1 otherwise. The verdict is the caller's, from LOG.
"""
import os
import select
import subprocess
import sys
import time

KEYS = b'\x03 \r'
INTERVAL = 0.02


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2])
    log_path, timeout = sys.argv[1], float(sys.argv[2])
    run_qemu = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            '..', '..', 'scripts', 'run-qemu.sh')
    qemu = subprocess.Popen([run_qemu, *sys.argv[3:], '--batch',
                             '--serial-stdin'], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    seen = b''
    hammering = False
    done = False
    keys_sent = 0
    deadline = time.monotonic() + timeout
    with open(log_path, 'wb') as log:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([qemu.stdout], [], [], INTERVAL)
            if ready:
                chunk = os.read(qemu.stdout.fileno(), 4096)
                if not chunk:
                    break
                log.write(chunk)
                log.flush()
                seen = (seen + chunk)[-4096:]
            if not done and not hammering and b'U-Boot 20' in seen:
                hammering = True
            if hammering and b'Starting kernel' in seen:
                hammering, done = False, True
            if hammering and b'=> ' in seen:
                hammering, done = False, True
                qemu.stdin.write(b'poweroff\r')
                qemu.stdin.flush()
            if hammering:
                try:
                    qemu.stdin.write(KEYS)
                    qemu.stdin.flush()
                    keys_sent += 1
                except BrokenPipeError:
                    break
        else:
            qemu.kill()
        log.write(f'\n# boot-with-keys: {keys_sent} times Ctrl-C, space, '
                  f'Enter sent\n'.encode())
    try:
        rc = qemu.wait(timeout=5)
    except subprocess.TimeoutExpired:
        qemu.kill()
        return 1
    return 0 if rc == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
