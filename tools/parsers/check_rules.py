#!/usr/bin/env python3
"""Checks ksan reports against the rules syzkaller and ClusterFuzz read them
by (docs/report-format.md, "Read by").  The patterns are the parsers'
(syzkaller pkg/report/linux.go and report.go at 059e996 and 1e72964,
ClusterFuzz src/clusterfuzz/stacktraces at 7758497), restated here; the
parsers themselves are not part of ksan (docs/parsers.md says how they were
run).

usage: check_rules.py FILE...   (gen.sh's <bug>.kasan.txt and <bug>.asan.txt;
other names are taken as the kernel layout unless they hold an asan-layout
header).  Prints one PASS/FAIL line per file and exits 1 if any failed.
"""
import re
import sys

# syzkaller: {{FUNC}} and {{PC}} as report.go expands them
FUNC = r'([a-zA-Z0-9_]+)(?:\.|\+)'
PC = r'\[\<?(?:0x)?[0-9a-f]+\>?\]'
FRAME = re.compile(r'^ *(?:%s ){0,2}%s' % (PC, FUNC))
STACK_START = re.compile(r'Call (?:T|t)race|Allocated by task [0-9]+:|Freed by task [0-9]+:|'
                         r'[^k] backtrace:|Uninit was stored to memory at')
KASAN_ACCESS = re.compile(r'BUG: KASAN: ([a-z\-]+) in %s(?:.*\n)+?.*(Read|Write) '
                          r'(?:of size|at addr) (?:[0-9a-f]+)' % FUNC)
KASAN_FREE = re.compile(r'BUG: KASAN: (?:double-free or invalid-free|double-free|invalid-free) in ' + FUNC)
SRC = r'([a-zA-Z0-9-_/.]+\.[a-z]+:[0-9]+)'
TITLES = [  # (header, the format's pattern, needs a stack)
    ('WARNING:', r'WARNING: .* at %s %s' % (SRC, FUNC), True),
    ('general protection fault', r'general protection fault.*:', True),
    ('BUG: KASAN:', None, True),
    ('BUG: KFENCE: out-of-bounds', r'BUG: KFENCE: out-of-bounds ([a-z\-]+) in ' + FUNC, True),
    ('BUG: KFENCE: use-after-free', r'BUG: KFENCE: use-after-free ([a-z\-]+) in ' + FUNC, True),
    ('BUG: KFENCE: invalid free', r'BUG: KFENCE: invalid free in ' + FUNC, False),
    ('BUG: KFENCE: invalid', r'BUG: KFENCE: invalid (read|write) in ' + FUNC, True),
    ('BUG: KFENCE: memory corruption', r'BUG: KFENCE: memory corruption in ' + FUNC, False),
    ('BUG: KMSAN:', r'BUG: KMSAN: ([a-z\-]+) in ' + FUNC, False),
    ('BUG: KCSAN:', r'BUG: KCSAN: (.*)', False),
    ('BUG: memory leak', r'BUG: memory leak', True),
    ('UBSAN:', r'UBSAN: (.*)', False),
]
# words syzkaller types (KMSAN); a leak's header has no detector name
KMSAN_WORDS = ('uninit-value', 'kernel-infoleak', 'kernel-infoleak-after-free',
               'kernel-usb-infoleak', 'use-after-free', 'null-ptr-deref',
               'wild-memory-access', 'stack-overflow')
THREAD_BASE = ('start_thread', 'clone', '__clone', 'clone3', '__clone3',
               '__libc_start_call_main', '__libc_start_main', '_start')


def check_kernel(text):
    """Errors of a kernel-layout report (an empty list: it keeps the rules)."""
    errs = []
    head = next((h for h in TITLES if h[0] in text), None)
    if not head:
        return ['no title line syzkaller knows']
    line = next(l for l in text.split('\n') if head[0] in l)
    if head[0] == 'BUG: KASAN:':
        if not (KASAN_ACCESS.search(text) or KASAN_FREE.search(text)):
            errs.append('KASAN title without fn+0x.. or without a "Read|Write of size" line '
                        '(syzkaller: corrupted)')
    elif not re.search(head[1], line):
        errs.append('title line %r does not match %r' % (line, head[1]))
    if head[0] == 'general protection fault' and not re.search(r'^RIP: [0-9]+:' + FUNC, text, re.M):
        errs.append('general protection fault without a RIP: line with fn+0x.. (syzkaller: no frames)')
    if head[0] == 'WARNING:':
        # ksan's rule: the detector's words follow the kernel's WARN line,
        # and no second title (syzkaller ends the report there: no frames)
        after = text.split(line, 1)[1].lstrip('\n').split('\n')[0]
        if not re.match(r'(KASAN|KFENCE|KMSAN|KCSAN): [a-z\-]+ in ' + FUNC, after):
            errs.append('WARNING line not followed by "<detector>: <type> in fn+0x../0x.."')
        if re.search(r'^(?:BUG|WARNING|UBSAN):', text.split(line, 1)[1], re.M):
            errs.append('a second title line after WARNING: (syzkaller: corrupted)')
    m = re.search(r'BUG: KMSAN: ([a-z\-]+) in', line)
    if m and m.group(1) not in KMSAN_WORDS:
        errs.append('KMSAN word %r is not the kernel\'s' % m.group(1))
    if head[2]:
        lines = text.split('\n')
        starts = [i for i, l in enumerate(lines) if STACK_START.search(l)]
        if not any(FRAME.search(l) for i in starts for l in lines[i + 1:i + 16]):
            errs.append('no stack trace in report (a Call Trace: with a frame)')
    for m in re.finditer(r'(?:at|of) addr (\S+) by task', text):
        if not re.fullmatch(r'[0-9a-f]{16}', m.group(1)):
            errs.append('address %r is not bare hex' % m.group(1))
    return errs


def check_asan(text):
    errs = []
    frames = re.findall(r'^\s+#\d+ 0x[0-9a-f]+ in (\S+)', text, re.M)
    if 'ThreadSanitizer' in text:
        base = [f for f in frames if f in THREAD_BASE]
        if base:
            errs.append('TSan-style stack goes below the thread\'s start routine: %s' % base[0])
    elif 'AddressSanitizer' in text:
        m = re.search(r'ERROR: AddressSanitizer: ([a-z\-]+)', text)
        if m and m.group(1) in ('heap-buffer-overflow', 'heap-use-after-free',
                                'stack-buffer-overflow', 'global-buffer-overflow'):
            if not re.search(r'^(READ|WRITE) of size \d+ at 0x', text, re.M):
                errs.append('access line without "of size N" (ClusterFuzz: no access in the crash type)')
        if 'not malloc()-ed' in text and not re.search(
                r'AddressSanitizer: attempting free on address which was not malloc\(\)-ed: 0x', text):
            errs.append('bad free not in ASan\'s words')
    return errs


def main(paths):
    bad = 0
    for p in paths:
        text = open(p, errors='replace').read()
        asan = p.endswith('.asan.txt') or re.search(
            r'==\d+==ERROR: AddressSanitizer|WARNING: (ThreadSanitizer|MemorySanitizer)', text)
        errs = check_asan(text) if asan else check_kernel(text)
        print('%s: %s%s' % ('FAIL' if errs else 'PASS', p, ''.join('\n  ' + e for e in errs)))
        bad += bool(errs)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
