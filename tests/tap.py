#!/usr/bin/env python3
"""The one TAP parser of make check: every reading of a TAP stream is here.

Usage:
  tap.py guest NAME EXPECT QEMU_RC TIMEOUT TOOK LOG COUNTS
      Judge the serial log LOG of guest boot NAME: every TAP/KTAP block
      has its plan and as many results as planned, no result is "not ok",
      the boot printed its end marker, at least EXPECT top-level blocks are
      there, and the kernel log is clean. Prints the boot's results as one
      indented list (a TAP 13 subtest body) and its plan, writes
      "PASSED FAILED SKIPPED" to COUNTS, exits 1 on any failure.
  tap.py results LOG
      The top-level results and comments of a TAP stream LOG, one line
      each: "ok<TAB>TEXT", "not ok<TAB>TEXT" or "#<TAB>COMMENT LINE" (for a
      shell loop that numbers them into its own stream).
  tap.py counts TAP
      "PASSED FAILED" of the top-level results of TAP.
  tap.py complete TAP
      "GOT PLAN" of TAP: its top-level results and its plan ("none" when
      it has none); exits 1 unless the plan is there and GOT equals it.
  tap.py renumber OFFSET
      Copy stdin to stdout with the top-level results numbered from
      OFFSET + 1 (indented results keep their numbers).
  tap.py junit TAP OUT.xml
      Write make check's TAP 13 stream TAP as JUnit XML: the top-level
      results are the testsuite "host"; each "# Subtest: NAME" block (a
      guest boot, its results indented by four spaces) is the testsuite
      NAME, and the top-level result that closes it (the boot's summary)
      is not a test case of its own. The "#" lines under a "not ok" are
      its failure text. Exits 1 when the stream has no plan.
"""
import re
import sys
import xml.etree.ElementTree as ET

RESULT = re.compile(r'^(not )?ok \d+(?: -)? ?(.*)$')
RESULT_START = re.compile(r'^(not )?ok ([0-9]+)')
PLAN_LINE = re.compile(r'^1\.\.([0-9]+)$')
SKIP = re.compile(r'#\s*SKIP\b', re.IGNORECASE)
VERSION = re.compile(r'^K?TAP version [0-9]+')
PLAN = re.compile(r'^1\.\.([0-9]+)')
KERNEL_BAD = re.compile(r'BUG:|WARNING:|Oops|Call trace|Kernel panic|KASAN|UBSAN')
END_MARKER = 'seclvl-tests: done'


def read_lines(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return [line.rstrip('\n') for line in f]


def guest(name, expect, qemu_rc, timeout_s, took, log, counts_path):
    """Judge a guest's serial log; print its results; return the counts."""
    out = []
    passed = failed = skipped = 0
    blocks = 0
    done = False
    blocks_open = {}        # indentation -> [plan or None, results seen]
    out_results = []

    def result(ok, text):
        out.append('    %sok %d - %s' % ('' if ok else 'not ', len(out_results) + 1, text))
        out_results.append(ok)

    def close_from(ind):
        nonlocal failed
        for i in sorted(k for k in blocks_open if k >= ind):
            plan, seen = blocks_open.pop(i)
            if plan is None:
                result(False, 'a TAP block has no plan')
                failed += 1
            elif seen != plan:
                result(False, 'a TAP block planned %d results, got %d' % (plan, seen))
                failed += 1

    for raw in read_lines(log):
        line = raw[:-1] if raw.endswith('\r') else raw
        s = line.lstrip(' \t')
        ind = len(line) - len(s)
        if VERSION.match(s):
            close_from(ind)
            blocks_open[ind] = [None, 0]
            if ind == 0:
                blocks += 1
        elif PLAN.match(s) and ind in blocks_open:
            blocks_open[ind][0] = int(PLAN.match(s).group(1))
        elif RESULT_START.match(s) and ind in blocks_open:
            blocks_open[ind][1] += 1
            ok = not s.startswith('not ok')
            if not ok:
                failed += 1
            elif SKIP.search(s):
                skipped += 1
            else:
                passed += 1
            result(ok, re.sub(r'^(not )?ok [0-9]+ ?(- )?', '', s, count=1))
        elif s.startswith('# ') and ind in blocks_open:
            # a nested block of the guest is flattened: its header is a comment
            out.append('    ' + re.sub(r'^# Subtest:', '# block:', s, count=1))
        if KERNEL_BAD.search(line):
            result(False, 'kernel log: ' + line)
            failed += 1
        if line.startswith('Bail out!'):
            result(False, line)
            failed += 1
        if line.startswith(END_MARKER):
            done = True
    close_from(0)
    if not done:
        result(False, 'boot did not finish (QEMU exit %s, timeout %ss)' % (qemu_rc, timeout_s))
        failed += 1
    if blocks < expect:
        result(False, 'expected %d TAP blocks, found %d' % (expect, blocks))
        failed += 1
    out.append('    # %s: booted and judged in %s s' % (name, took))
    out.append('    1..%d' % len(out_results))
    print('\n'.join(out))
    with open(counts_path, 'w', encoding='utf-8') as f:
        f.write('%d %d %d\n' % (passed, failed, skipped))
    return failed == 0


def results(log):
    for line in read_lines(log):
        m = RESULT.match(line)
        if m:
            print('%s\t%s' % ('not ok' if m.group(1) else 'ok', m.group(2)))
        elif line.startswith('#'):
            print('#\t' + line)


def top_results(tap):
    """The top-level results of TAP: (passed, failed, plan or None)."""
    passed = failed = 0
    plan = None
    for line in read_lines(tap):
        m = RESULT_START.match(line)
        if m:
            if m.group(1):
                failed += 1
            else:
                passed += 1
        elif plan is None and PLAN_LINE.match(line):
            plan = int(PLAN_LINE.match(line).group(1))
    return passed, failed, plan


def counts(tap):
    passed, failed, _ = top_results(tap)
    print(passed, failed)


def complete(tap):
    passed, failed, plan = top_results(tap)
    print(passed + failed, 'none' if plan is None else plan)
    return plan is not None and passed + failed == plan


def renumber(offset):
    for line in sys.stdin:
        m = RESULT_START.match(line)
        if m:
            line = '%sok %d%s' % (m.group(1) or '', int(m.group(2)) + offset, line[m.end():])
        sys.stdout.write(line)


def parse_stream(lines):
    """Return [(suite, [(name, status, text)])] and whether a plan was seen."""
    suites = {'host': []}
    order = ['host']
    current = None          # the open subtest, or None
    last = None             # the last case, for its failure text
    planned = False
    for line in lines:
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
        elif PLAN_LINE.match(line):
            planned = True
    return [(s, suites[s]) for s in order], planned


def junit(tap, out):
    suites, planned = parse_stream(read_lines(tap))
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
    ET.ElementTree(root).write(out, encoding='utf-8', xml_declaration=True)
    return planned


def usage():
    sys.exit('usage: ' + '\n       '.join(
        l.strip() for l in __doc__.splitlines() if l.startswith('  tap.py')))


def main(argv):
    if len(argv) < 2:
        usage()
    cmd, args = argv[1], argv[2:]
    if cmd == 'guest' and len(args) == 7:
        name, expect, qemu_rc, timeout_s, took, log, counts_path = args
        return 0 if guest(name, int(expect), qemu_rc, timeout_s, took, log, counts_path) else 1
    if cmd == 'results' and len(args) == 1:
        results(args[0])
        return 0
    if cmd == 'counts' and len(args) == 1:
        counts(args[0])
        return 0
    if cmd == 'complete' and len(args) == 1:
        return 0 if complete(args[0]) else 1
    if cmd == 'renumber' and len(args) == 1:
        renumber(int(args[0]))
        return 0
    if cmd == 'junit' and len(args) == 2:
        if not junit(args[0], args[1]):
            sys.exit('tap.py: %s has no plan' % args[0])
        return 0
    usage()
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
