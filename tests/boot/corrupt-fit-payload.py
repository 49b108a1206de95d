#!/usr/bin/env python3
"""Copy a FIT image with one byte of one embedded payload changed.

usage: corrupt-fit-payload.py FIT PAYLOAD OUT

PAYLOAD is the file that was embedded (the kernel Image or the
initramfs); it must occur exactly once in FIT. The byte in the middle of
it is inverted, nothing else changes: the FIT stays a valid device tree
and only the payload's hash no longer matches. Prints the offset.
"""
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2])
    fit_path, payload_path, out_path = sys.argv[1:]
    fit = bytearray(open(fit_path, 'rb').read())
    payload = open(payload_path, 'rb').read()
    start = fit.find(payload)
    if start < 0:
        sys.exit(f'{payload_path} is not embedded in {fit_path}')
    if fit.find(payload, start + 1) >= 0:
        sys.exit(f'{payload_path} occurs more than once in {fit_path}')
    offset = start + len(payload) // 2
    fit[offset] ^= 0xff
    open(out_path, 'wb').write(fit)
    print(f'{out_path}: byte at offset {offset} of {fit_path} inverted '
          f'(byte {len(payload) // 2} of {payload_path})')


if __name__ == '__main__':
    main()
