#!/usr/bin/env python3
"""Reads a KCSAN program's output (report_format=json) on stdin: every line
that starts with '{' must be one JSON object with the keys report_json.c
documents; prints one summary line per report for FileCheck, or
"JSON ERROR: ...".  Other lines (the program's, STATUS:) are printed as
they are.  Summary:
  json <detector> <type> <origin> function=<function> value=<old>-><new>|none
  json access <access>[ marked][ assert] size=<n> address=<hex> frame0=<function>
and, with --signature, "json signature <text>" after the first line.
"""
import json
import re
import sys

HEX = re.compile(r'^0x[0-9a-f]+$')
TOP = {'detector', 'type', 'asan_type', 'origin', 'function', 'pc', 'task', 'accesses',
       'signature', 'signature_hash'}
ACCESS = {'address', 'size', 'access', 'marked', 'assert', 'tid', 'cpu', 'interrupt', 'stack'}

for line in sys.stdin:
    line = line.rstrip('\n')
    if not line.startswith('{'):
        print(line)
        continue
    try:
        r = json.loads(line)
    except ValueError as e:
        print('JSON ERROR: not JSON (%s): %s' % (e, line[:120]))
        continue
    keys = set(r)
    if not TOP <= keys or keys - TOP - {'value'}:
        print('JSON ERROR: keys %s' % sorted(keys))
        continue
    if not HEX.match(r['pc']):
        print('JSON ERROR: pc %r' % r['pc'])
    if not r['signature'].startswith(r['type'] + ' | ') or \
       not re.match(r'^[0-9a-f]{16}$', r['signature_hash']):
        print('JSON ERROR: signature %r %r' % (r['signature'], r['signature_hash']))
    value = 'none'
    if 'value' in r:
        v = r['value']
        if set(v) != {'old', 'new', 'mask'} or not all(HEX.match(v[k]) for k in v):
            print('JSON ERROR: value %r' % v)
        value = '%s->%s' % (v['old'], v['new'])
    n = len(r['accesses'])
    if n != (2 if r['origin'] == 'known' else 1):
        print('JSON ERROR: origin %s with %d accesses' % (r['origin'], n))
    print('json %s %s %s function=%s value=%s' % (r['detector'], r['type'], r['origin'],
                                                 r['function'], value))
    if '--signature' in sys.argv:
        print('json signature %s' % r['signature'])
    for a in r['accesses']:
        if set(a) != ACCESS:
            print('JSON ERROR: access keys %s' % sorted(a))
            continue
        if not HEX.match(a['address']) or not isinstance(a['size'], int) or \
           not isinstance(a['tid'], int) or not isinstance(a['cpu'], int):
            print('JSON ERROR: access %r' % a)
        st = a['stack']
        if not isinstance(st, list) or not st or 'function' not in st[0]:
            print('JSON ERROR: stack %r' % st)
            continue
        print('json access %s%s%s size=%d address=%s frame0=%s' % (
            a['access'], ' marked' if a['marked'] else '', ' assert' if a['assert'] else '',
            a['size'], a['address'], st[0]['function']))
