#!/usr/bin/env python3
"""Write the TAP 13 stream of make check as JUnit XML.

Usage: tap-to-junit.py CHECK.tap OUT.xml

The top-level results are the testsuite "host"; each "# Subtest: NAME"
block (a guest boot, its results indented by four spaces) is the testsuite
NAME, and the top-level result that closes it (the boot's summary) is not
a test case of its own. The "#" lines under a "not ok" are its failure
text. Exits 1 when the stream has no plan.
"""
import re
import sys
import xml.etree.ElementTree as ET

RESULT = re.compile(r'^(not )?ok \d+(?: -)? ?(.*)$')
SKIP = re.compile(r'#\s*SKIP\b', re.IGNORECASE)


def parse(lines):
    """Return [(suite, [(name, status, text)])] and whether a plan was seen."""
    suites = {'host': []}
    order = ['host']
    current = None          # the open subtest, or None
    last = None             # the last case, for its failure text
    planned = False
    for raw in lines:
        line = raw.rstrip('\n')
        if line.startswith('# Subtest: '):
            current = line[len('# Subtest: '):].strip()
            if current not in suites:
                suites[current] = []
                order.append(current)
            last = None
            continue
        indented = line.startswith('    ')
        text = line[4:] if indented else line
        if indented and current is None:
            continue
        suite = current if indented else 'host'
        m = RESULT.match(text)
        if m:
            if not indented and current is not None:
                current = None      # the boot's own summary line
                last = None
                continue
            name = m.group(2)
            status = 'failed' if m.group(1) else (
                'skipped' if SKIP.search(name) else 'passed')
            last = [name, status, '']
            suites[suite].append(last)
        elif text.startswith('#') and last is not None:
            if last[1] == 'failed':
                last[2] += text.lstrip('# ') + '\n'
        elif re.match(r'^1\.\.\d+$', line):
            planned = True
    return [(s, suites[s]) for s in order], planned


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    with open(sys.argv[1], encoding='utf-8', errors='replace') as f:
        suites, planned = parse(f)
    root = ET.Element('testsuites')
    totals = {'tests': 0, 'failures': 0, 'skipped': 0}
    for name, cases in suites:
        failures = sum(c[1] == 'failed' for c in cases)
        skipped = sum(c[1] == 'skipped' for c in cases)
        ts = ET.SubElement(root, 'testsuite', name=name, tests=str(len(cases)),
                           failures=str(failures), skipped=str(skipped),
                           errors='0')
        for case, status, text in cases:
            tc = ET.SubElement(ts, 'testcase', classname=name, name=case)
            if status == 'failed':
                ET.SubElement(tc, 'failure', message=case).text = text
            elif status == 'skipped':
                ET.SubElement(tc, 'skipped')
        totals['tests'] += len(cases)
        totals['failures'] += failures
        totals['skipped'] += skipped
    for k, v in totals.items():
        root.set(k, str(v))
    ET.ElementTree(root).write(sys.argv[2], encoding='utf-8',
                               xml_declaration=True)
    if not planned:
        sys.exit('tap-to-junit.py: %s has no plan' % sys.argv[1])


if __name__ == '__main__':
    main()
