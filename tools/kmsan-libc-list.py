#!/usr/bin/env python3
"""KMSAN's C library model against the derived list (issue 25).

The list: the C library functions MemorySanitizer intercepts (the
__interceptor_* symbols of clang's libclang_rt.msan-<arch>.a) that the
system's glibc exports (nm -D --defined-only of libc.so.6, libm.so.6 and the
other libraries below).  tests/kmsan-libc/list.txt classifies each one:

  model        stores through a pointer argument into the caller's memory:
               KMSAN must model it (an interceptor in libksan-kmsan.a or
               libksan-kmsan-libc.a) and a row of tests/lit/kmsan/libc_model_*.c
               must test it
  libc-memory  returns memory the C library owns (its static storage or its
               own malloc, initialised under the runtime's rule for libc
               memory): no interceptor needed, a silent row tests it
  reads        reads its arguments only
  state        changes kernel or library state only
  internal     a glibc-internal name, not declared for programs
  no-header    no declaration in glibc's headers (removed or moved away)
  not-c        not callable from C

usage:
  tools/kmsan-libc-list.py derive            print the derived names (name, library)
  tools/kmsan-libc-list.py check [BUILD]     PLAN/PASS/FAIL lines (tests/unit style):
      1. the derived names are exactly list.txt's (skipped without clang's
         MSan runtime or glibc's libraries)
      2. each "model" name is defined in the KMSAN runtime (nm of BUILD/lib)
      3. each "model" and "libc-memory" name has a row in
         tests/lit/kmsan/libc_model_*.c
      4. each model of libksan-kmsan-libc.a has its __wrap_ twin in
         libksan-kmsan-libc-wrap.a and a --wrap= line beside it (static links)
  tools/kmsan-libc-list.py counts            the classes and their sizes
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, 'tests', 'kmsan-libc', 'list.txt')
ROWS = os.path.join(ROOT, 'tests', 'lit', 'kmsan', 'libc_model_*.c')
CLASSES = ('model', 'libc-memory', 'reads', 'state', 'internal', 'no-header', 'not-c')
# glibc's libraries (and libcrypt) whose exports a C program links against
GLIBC_LIBS = ('libc.so.6', 'libm.so.6', 'libresolv.so.2', 'libcrypt.so.1', 'libpthread.so.0',
              'libdl.so.2', 'librt.so.1', 'libutil.so.1')
RUNTIMES = ('libksan-kmsan.a', 'libksan-kmsan-libc.a')
# the dlsym models again for static links: __wrap_NAME, and the options file
WRAP = 'libksan-kmsan-libc-wrap.a'


def nm(args):
    try:
        return subprocess.run(['nm'] + args, capture_output=True, text=True,
                              check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return None


def msan_runtime():
    for clang in ('clang-14', 'clang'):
        try:
            d = subprocess.run([clang, '-print-runtime-dir'], capture_output=True, text=True,
                               check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            continue
        for a in (os.path.join(d, 'libclang_rt.msan-x86_64.a'),
                  os.path.join(d, 'libclang_rt.msan.a')):
            if os.path.exists(a):
                return a
        # clang 14's Debian layout: lib/linux under the resource dir
        res = subprocess.run([clang, '-print-resource-dir'], capture_output=True,
                             text=True).stdout.strip()
        a = os.path.join(res, 'lib', 'linux', 'libclang_rt.msan-x86_64.a')
        if os.path.exists(a):
            return a
    return None


def libdir():
    out = subprocess.run(['gcc', '-print-file-name=libc.so.6'], capture_output=True,
                         text=True).stdout.strip()
    return os.path.dirname(os.path.realpath(out)) if os.path.isabs(out) else None


def derive():
    """{name: library} or None when the inputs are not on this machine"""
    rt = msan_runtime()
    d = libdir()
    if not rt or not d:
        return None
    lines = nm([rt])
    if lines is None:
        return None
    intercepted = {l.split()[-1][len('__interceptor_'):] for l in lines
                   if re.search(r' [TW] __interceptor_\w+$', l)}
    exported = {}
    for lib in GLIBC_LIBS:
        path = os.path.join(d, lib)
        out = nm(['-D', '--defined-only', path]) if os.path.exists(path) else None
        for l in out or []:
            f = l.split()
            if len(f) == 3:
                exported.setdefault(f[2].split('@')[0], lib)
    return {n: exported[n] for n in intercepted if n in exported}


def read_list():
    rows = {}
    with open(LIST) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            name, cls, reason = line.rstrip('\n').split('\t')
            rows[name] = (cls, reason)
    return rows


def runtime_symbols(build, archives=RUNTIMES):
    syms = set()
    for a in archives:
        for l in nm(['--defined-only', os.path.join(build, 'lib', a)]) or []:
            f = l.split()
            if len(f) == 3 and f[1] in 'TWi':
                syms.add(f[2])
    return syms


def check_wrap(build):
    """every dlsym model has its __wrap_ twin and its --wrap= option"""
    dyn = runtime_symbols(build, ('libksan-kmsan-libc.a',))
    wrapped = {n[len('__wrap_'):] for n in runtime_symbols(build, (WRAP,))
               if n.startswith('__wrap_')}
    try:
        with open(os.path.join(build, 'lib', WRAP + '.wrap')) as f:
            opts = {l.strip()[len('--wrap='):] for l in f if l.startswith('--wrap=')}
    except OSError:
        opts = set()
    bad = sorted((dyn ^ wrapped) | (dyn ^ opts))
    if not dyn or bad:
        print('FAIL: static: %s differ between libksan-kmsan-libc.a, %s and its .wrap: %s' %
              (len(bad), WRAP, ' '.join(bad) or 'no models'))
        return 1
    print('PASS: static (%d wrapped)' % len(dyn))
    return 0


def row_names():
    names = set()
    for path in glob.glob(ROWS):
        with open(path) as f:
            names.update(re.findall(r'\b[A-Z0-9_]*ROW\((\w+)', f.read()))
    return names


def check(build):
    rows = read_list()
    print('PLAN: 5')
    failed = 0
    bad = [n for n, (c, _) in rows.items() if c not in CLASSES]
    if bad:
        print('FAIL: classes: unknown class for %s' % ' '.join(sorted(bad)))
        failed += 1
    else:
        print('PASS: classes')
    got = derive()
    if got is None:
        print('SKIP: derived: no clang MSan runtime or glibc libraries here')
    else:
        new = sorted(set(got) - set(rows))
        gone = sorted(set(rows) - set(got))
        if new or gone:
            print('FAIL: derived: not in list.txt: %s; in list.txt, not derived: %s' %
                  (' '.join(new) or '-', ' '.join(gone) or '-'))
            failed += 1
        else:
            print('PASS: derived (%d names)' % len(got))
    model = {n for n, (c, _) in rows.items() if c == 'model'}
    syms = runtime_symbols(build)
    if not syms:
        print('FAIL: modelled: no KMSAN runtime in %s/lib' % build)
        failed += 1
    else:
        missing = sorted(model - syms)
        if missing:
            print('FAIL: modelled: %d of %d have no interceptor: %s' %
                  (len(missing), len(model), ' '.join(missing)))
            failed += 1
        else:
            print('PASS: modelled (%d)' % len(model))
    tested = model | {n for n, (c, _) in rows.items() if c == 'libc-memory'}
    norow = sorted(tested - row_names())
    if norow:
        print('FAIL: rows: %d of %d have no test row: %s' % (len(norow), len(tested),
                                                               ' '.join(norow)))
        failed += 1
    else:
        print('PASS: rows (%d)' % len(tested))
    failed += check_wrap(build)
    return 1 if failed else 0


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else 'check'
    if cmd == 'derive':
        got = derive()
        if got is None:
            sys.exit('kmsan-libc-list: no clang MSan runtime or glibc libraries here')
        for n in sorted(got):
            print('%s\t%s' % (n, got[n]))
        return 0
    if cmd == 'counts':
        rows = read_list()
        for c in CLASSES:
            print('%-12s %d' % (c, sum(1 for v in rows.values() if v[0] == c)))
        print('%-12s %d' % ('total', len(rows)))
        return 0
    if cmd == 'check':
        return check(os.path.abspath(sys.argv[2]) if len(sys.argv) > 2
                     else os.path.join(ROOT, 'build'))
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main())
