#!/usr/bin/env python3
"""Runs GCC's own UBSan execution tests under ksan's UBSAN runtime.

Usage: tools/gcc-ubsan-tests.py GCC_TESTSUITE_DIR [-k KSAN_CC] [-j N] [-v]
       [--cc gcc|clang] [--only NAME...]

GCC_TESTSUITE_DIR is gcc/testsuite of a GCC source tree (Debian's:
`apt-get source gcc-12`, then the gcc-*-dfsg.tar.xz inside; only
c-c++-common/ubsan and gcc.dg/ubsan are read).  Each `{ dg-do run }` test
of those directories (as gcc.dg/ubsan/ubsan.exp runs them: once, with no
torture options) is compiled as C with `ksan-cc --ksan-cc=gcc` and its
dg-options, run, and judged as DejaGnu would, loosely:
  - compile: must succeed;
  - exit status: non-zero with dg-shouldfail, else zero;
  - output: the dg-output patterns (Tcl's backslash substitution done),
    joined, as a regular expression searched in stdout+stderr, run with
    KSAN_OPTIONS=report_format=asan (compiler-rt's words) and without the
    lines ksan adds (SUMMARY after each UBSAN report, Crash signature); a
    pattern Python cannot read leaves the output unchecked and is counted.
Tests for C++ only, other targets or options the selectors exclude are
counted as unsupported.  Ends with one line:
  "N passed, N failed, N unsupported (N outputs unchecked)".
"""
import argparse
import fnmatch
import glob
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

TRIPLET = 'x86_64-pc-linux-gnu'
# effective targets as they hold for C on x86-64 Linux
EFFECTIVE = {'c': True, 'c++': False, 'lp64': True, 'ilp32': False, 'ia32': False,
             'int128': True, 'int32plus': True, 'int32': True, 'exceptions': True, 'fopenmp': True, 'fstack_protector': True,
             'vmx_hw': False, 'sync_int_long': True, 'run_expensive_tests': False, 'sse2_runtime': True,
             'avx_runtime': True, 'fpic': True, 'pie': True, 'lto': True,
             'native': True, 'dfp': True, 'large_long_double': True,
             'le': True, 'be': False, 'c99_runtime': True, 'ieee': True}


def tcl_subst(s):
    """Tcl's backslash substitution in a quoted word: \\n, \\r, \\t, else
    the character itself (\\[ is '[', \\\\ is one backslash)."""
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 'r': '\r', 't': '\t'}.get(
        m.group(1), m.group(1)), s, flags=re.S)


def tcl_words(s):
    """Splits a Tcl list: braced groups (kept as text), quoted words, bare words."""
    out, i, n = [], 0, len(s)
    while i < n:
        if s[i].isspace():
            i += 1
        elif s[i] == '{':
            depth, j = 1, i + 1
            while j < n and depth:
                depth += {'{': 1, '}': -1}.get(s[j], 0)
                j += 1
            out.append(s[i + 1:j - 1])
            i = j
        elif s[i] == '"':
            j = i + 1
            while j < n and s[j] != '"':
                j += 2 if s[j] == '\\' else 1
            out.append(tcl_subst(s[i + 1:j]))
            i = j + 1
        else:
            j = i
            while j < n and not s[j].isspace():
                j += 1
            out.append(s[i:j])
            i = j
    return out


def directives(text):
    """Each '{ dg-NAME args }' of the file, in order, as (NAME, [args])."""
    res = []
    for m in re.finditer(r'\{\s*dg-([\w-]+)', text):
        depth, j = 1, m.start() + 1
        while j < len(text) and depth:
            depth += {'{': 1, '}': -1}.get(text[j], 0)
            j += 1
        res.append((m.group(1), tcl_words(text[m.end():j - 1])))
    return res


def expr_true(e):
    """A selector expression: words, && || !, nested braces; words side by
    side (a target list) are alternatives."""
    toks = re.findall(r'\{|\}|&&|\|\||!|[^\s{}!&|]+', e)
    pos = [0]

    def more():
        return pos[0] < len(toks) and toks[pos[0]] not in ('&&', '||', '}')

    def atom():
        t = toks[pos[0]]
        pos[0] += 1
        if t == '!':
            return not atom()
        if t == '{':
            v = orx()
            pos[0] += 1  # '}'
            return v
        return word_true(t)

    def listx():
        v = atom()
        while more():
            v = atom() or v
        return v

    def andx():
        v = listx()
        while pos[0] < len(toks) and toks[pos[0]] == '&&':
            pos[0] += 1
            v = listx() and v
        return v

    def orx():
        v = andx()
        while pos[0] < len(toks) and toks[pos[0]] == '||':
            pos[0] += 1
            v = andx() or v
        return v
    return orx() if toks else True


def word_true(w):
    if '-' in w or '*' in w:
        return fnmatch.fnmatch(TRIPLET, w)
    return EFFECTIVE.get(w, False)


def selector_true(sel):
    """'target X', 'xfail X' (true: the test is run all the same), or ''."""
    w = tcl_words(sel)
    if not w or w[0] == 'xfail':
        return True
    if w[0] != 'target':
        return True
    return expr_true(sel.strip()[len('target'):])


def parse(path):
    text = open(path, errors='replace').read()
    t = {'run': False, 'supported': True, 'options': None, 'extra': [],
         'shouldfail': False, 'output': [], 'env': {}, 'skip': []}
    for name, args in directives(text):
        sel = args[1] if len(args) > 1 else ''
        if name == 'do':
            t['run'] = args and args[0] == 'run'
            if t['run'] and len(args) > 1 and not selector_true(args[1]):
                t['supported'] = False
        elif name == 'options' and args and selector_true(sel):
            t['options'] = args[0]
        elif name == 'additional-options' and args and selector_true(sel):
            t['extra'].append(args[0])
        elif name == 'shouldfail':
            t['shouldfail'] = len(args) < 2 or selector_true(args[1])
        elif name == 'output' and args and selector_true(sel):
            t['output'].append(args[0])
        elif name == 'set-target-env-var' and len(args) >= 2:
            t['env'][args[0]] = args[1]
        elif name == 'skip-if' and len(args) >= 2 and selector_true('target ' + args[1]):
            t['skip'].append((tcl_words(args[2]) if len(args) > 2 else ['*'],
                              tcl_words(args[3]) if len(args) > 3 else []))
        elif name == 'require-effective-target' and args:
            if not EFFECTIVE.get(args[0], False):
                t['supported'] = False
    return t


# gcc-dg-runtest's torture options (DG_TORTURE_OPTIONS; --lto adds
# LTO_TORTURE_OPTIONS), as gcc.dg/ubsan/ubsan.exp runs each test
TORTURE = ['-O0', '-O1', '-O2', '-O3 -g', '-Os']
LTO = ['-O2 -flto -fno-use-linker-plugin -flto-partition=none',
       '-O2 -flto -fuse-linker-plugin -fno-fat-lto-objects']


def skipped(t, flags):
    """dg-skip-if: an include option among the flags ("*": any) and no
    exclude option among them."""
    have = ' '.join(flags)
    return any(any(i == '*' or i in have for i in inc) and not any(x in have for x in exc)
               for inc, exc in t['skip'])


SEARCH = r"""
import re, sys
pat, text = sys.stdin.read().split('\0', 1)
try:
    rx = re.compile(pat, re.S)  # Tcl's '.' matches a newline too
except re.error:
    sys.exit(2)
sys.exit(0 if rx.search(text) else 1)
"""


def search(pat, text):
    """True/False: pat found in text; None: Python cannot read it, or it
    backtracks for more than 20 s (patterns with '.*' over long output)."""
    try:
        r = subprocess.run([sys.executable, '-c', SEARCH], input=pat + '\0' + text,
                           text=True, timeout=20, capture_output=True)
    except subprocess.TimeoutExpired:
        return None
    return {0: True, 1: False}.get(r.returncode)


def run_one(path, torture, args, tmp):
    t = parse(path)
    name = os.path.relpath(path, args.testsuite) + ' ' + torture
    if not t['run']:
        return None
    opts = torture.split() + (t['options'] or '').split() + ' '.join(t['extra']).split()
    if not t['supported'] or skipped(t, opts):
        return (name, 'unsupported', '')
    exe = os.path.join(tmp, re.sub(r'[^\w]', '_', name))
    cmd = [args.ksan_cc, '--ksan-cc=' + args.cc, '-x', 'c', path, '-o', exe, '-lm'] + opts
    c = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    if c.returncode:
        return (name, 'fail', 'compile: ' + c.stderr.strip().splitlines()[-1:][0]
                if c.stderr.strip() else 'compile failed')
    env = dict(os.environ)
    # compiler-rt's words, which the tests' dg-output patterns expect
    env['KSAN_OPTIONS'] = 'report_format=asan'
    env.update(t['env'])
    try:
        r = subprocess.run([exe], capture_output=True, text=True, errors='replace',
                           timeout=60, env=env, cwd=tmp)
        rc, out = r.returncode, r.stdout + r.stderr
        # loosely: the lines ksan adds to compiler-rt's (a SUMMARY after
        # each UBSAN report, which standalone UBSan leaves out by default,
        # and the crash signature) would split the tests' multi-line patterns
        out = ''.join(l for l in out.splitlines(True)
                      if not l.startswith(('SUMMARY: UndefinedBehaviorSanitizer',
                                           'Crash signature: ')))
    except subprocess.TimeoutExpired:
        return (name, 'fail', 'timeout')
    if (rc != 0) != t['shouldfail']:
        return (name, 'fail', 'status %d%s' % (rc, ' (dg-shouldfail)' if t['shouldfail'] else '')
                + ': ' + ' | '.join(out.strip().splitlines()[:3]))
    if t['output']:
        pat = ''.join(t['output'])
        found = search(pat, out)
        if found is None:
            return (name, 'pass-unchecked', '')
        if not found:
            return (name, 'fail', 'output does not match: ' + pat[:120])
    return (name, 'pass', '')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('testsuite')
    ap.add_argument('-k', '--ksan-cc', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'bin', 'ksan-cc'))
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('-v', action='store_true')
    ap.add_argument('--only', nargs='*')
    ap.add_argument('--lto', action='store_true', help='also the LTO torture options')
    ap.add_argument('--torture', help='one option set instead of the list (e.g. -O2)')
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.testsuite, 'c-c++-common/ubsan/*.c')) +
                   glob.glob(os.path.join(args.testsuite, 'gcc.dg/ubsan/*.c')))
    if args.only:
        files = [f for f in files if os.path.basename(f) in args.only]
    counts = {'pass': 0, 'fail': 0, 'unsupported': 0, 'pass-unchecked': 0}
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.j) as pool:
        opts = [args.torture] if args.torture is not None else TORTURE + (LTO if args.lto else [])
        cases = [(f, o) for f in files for o in opts]
        for res in pool.map(lambda c: run_one(c[0], c[1], args, tmp), cases):
            if res is None:
                continue
            name, what, why = res
            counts[what] += 1
            if what == 'fail' or args.v:
                print('%s: %s%s' % (what.upper(), name, (': ' + why) if why else ''))
    print('%d passed, %d failed, %d unsupported (%d outputs unchecked)' % (
        counts['pass'] + counts['pass-unchecked'], counts['fail'], counts['unsupported'],
        counts['pass-unchecked']))
    return 1 if counts['fail'] else 0


if __name__ == '__main__':
    sys.exit(main())
