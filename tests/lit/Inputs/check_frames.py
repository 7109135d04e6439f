#!/usr/bin/env python3
"""Checks every stack frame line of the kasan-layout reports on stdin against
docs/report-format.md:
  ' <function>+0x<off>/0x<size> <file>:<line>'
  ' <function>+0x<off>/0x<size> (<module>+0x<off>)'   (no line information)
  ' <function>+0x<off> ...'                          (size unknown)
  ' 0x<pc>'                                           (nothing known)
and the first frame of an allocation or free stack, or of an access made in a
checked libc function, is the bare entry-point name.  A frame other than the
first of a Call Trace is a return address: its offset cannot be 0.
Prints "frames ok: N stacks, M frames" or one "FRAME ERROR:" line per problem."""
import re
import sys

FRAME = re.compile(r'^ (?P<fn>[A-Za-z_.$][\w.$@]*)\+0x(?P<off>[0-9a-f]+)(/0x[0-9a-f]+)?'
                   r' (\S+:\d+|\(\S+\+0x[0-9a-f]+\))$')
RAW = re.compile(r'^ 0x[0-9a-f]+( \(\S+\+0x[0-9a-f]+\))?$')
ENTRY = re.compile(r'^ [A-Za-z_][\w]*$')
HEADS = re.compile(r'^(Call Trace:|Allocated by task \d+:|Freed by task \d+:|'
                   r'Task \S+ was created by task \d+:)$')

stacks = frames = 0
errors = []
lines = sys.stdin.read().split('\n')
i = 0
while i < len(lines):
    if not HEADS.match(lines[i]):
        i += 1
        continue
    head = lines[i]
    stacks += 1
    i += 1
    k = 0
    while i < len(lines) and lines[i].startswith(' '):
        ln = lines[i]
        frames += 1
        m = FRAME.match(ln)
        if k == 0 and ENTRY.match(ln):
            pass
        elif m:
            if int(m.group('off'), 16) == 0 and not (k == 0 and head == 'Call Trace:'):
                errors.append('return address at offset 0 under %r: %r' % (head, ln))
        elif not RAW.match(ln):
            errors.append('bad frame under %r: %r' % (head, ln))
        k += 1
        i += 1
    if k == 0:
        errors.append('empty stack under %r' % head)
for e in errors:
    print('FRAME ERROR: ' + e)
print('frames ok: %d stacks, %d frames' % (stacks, frames) if not errors else
      '%d frame errors' % len(errors))
