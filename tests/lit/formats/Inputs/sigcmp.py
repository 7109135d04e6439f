#!/usr/bin/env python3
"""Compares the crash signatures of reports (docs/report-format.md, "Crash
signature").  Each argument is a file holding one run's output, optionally
prefixed "name=".  Prints, for FileCheck:
  <name>: <hash> <text>          the run's signature line (or "<name>: none")
  <name>: top <frame>            the first frame of its Call Trace with an
                                 offset, as printed (kasan layout), or its
                                 #0 frame (asan layout)
then, over all the runs:
  signatures: same|different     the whole line, hash and text
  texts: same|different
  tops: same|different           the printed first frames
and "hash: ok" if every hash is the 64-bit FNV-1a of its text (else "hash:
BAD <name>").  JSON lines count too: their "signature" and "signature_hash"
keys, and no top frame."""
import json
import re
import sys

SIG = re.compile(r'^Crash signature: ([0-9a-f]{16}) (.+)$')


def fnv1a64(s):
    h = 0xcbf29ce484222325
    for b in s.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return h


runs = []
for arg in sys.argv[1:]:
    name, _, path = arg.rpartition('=')
    name = name or path
    sig, top, in_trace = None, None, False
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        m = SIG.match(line)
        if m and sig is None:
            sig = (m.group(1), m.group(2))
        if line.startswith('{') and sig is None:
            try:
                r = json.loads(line)
                sig = (r['signature_hash'], r['signature'])
            except (ValueError, KeyError):
                pass
        if line == 'Call Trace:':
            in_trace = True
        elif not line:
            in_trace = False
        elif top is None and in_trace and '+0x' in line:
            top = line.strip()
        if top is None and re.match(r'^    #0 0x', line):
            top = re.sub(r'^    #0 ', '', line)
    runs.append((name, sig, top))

bad = []
for name, sig, top in runs:
    if sig is None:
        print('%s: none' % name)
        continue
    print('%s: %s %s' % (name, sig[0], sig[1]))
    if top is not None:
        print('%s: top %s' % (name, top))
    if int(sig[0], 16) != fnv1a64(sig[1]):
        bad.append(name)


def same(values):
    return 'same' if len(set(values)) == 1 else 'different'


print('signatures: ' + same([r[1] for r in runs]))
print('texts: ' + same([r[1] and r[1][1] for r in runs]))
print('tops: ' + same([r[2] for r in runs]))
print('hash: ' + ('BAD ' + ' '.join(bad) if bad else 'ok'))
