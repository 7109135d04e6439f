#!/usr/bin/env python3
"""Reads KCSAN reports in the kernel layout on stdin and prints, for the
races with both sides known: "first: <functions>" (the distinct functions
of the access printed first, sorted), "signatures: <N>" (how many distinct
crash signature texts they have) and each distinct text on a line
"signature: <text>"; then "unknown: <text>" for each distinct signature of
a race of unknown origin."""
import re
import sys

known, unknown, firsts = set(), set(), set()
first, is_unknown, sig = None, False, None
for line in sys.stdin:
    line = line.rstrip('\n')
    if line.startswith('BUG: KCSAN: '):
        first, is_unknown, sig = None, False, None
    elif 'race at unknown origin' in line:
        is_unknown = True
    elif first is None and re.match(r'^ \S+\+0x', line):
        first = line.split('+')[0].strip()
    m = re.match(r'^Crash signature: [0-9a-f]{16} (.+)$', line)
    if m:
        if is_unknown:
            unknown.add(m.group(1))
        else:
            known.add(m.group(1))
            firsts.add(first)
print('first: ' + ' '.join(sorted(f or '?' for f in firsts)))
print('signatures: %d' % len(known))
for s in sorted(known):
    print('signature: ' + s)
for s in sorted(unknown):
    print('unknown: ' + s)
