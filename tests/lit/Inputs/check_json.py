#!/usr/bin/env python3
"""Validates ksan's report_format=json output read from stdin against
docs/report-format.md (KASAN, KFENCE and KMSAN reports): every non-empty line that is not a "STATUS:" line
(tests/lit/Inputs/status.sh) must be one JSON object with the documented
fields.  Prints one summary line per report for FileCheck, or "JSON ERROR: ...";
with --frames, also one line per frame of each stack ("frame <stack>[i] <function>
<file basename>:<line> [inline]"); with --signature, also its crash signature
("signature <hash> <text>").  Every report must carry "signature" and
"signature_hash", the hash being the 64-bit FNV-1a of the text."""
import json
import re
import sys

HEX = re.compile(r'^0x[0-9a-f]+$')
SIGNATURE_KEYS = {'signature', 'signature_hash'}


def fnv1a64(s):
    h = 0xcbf29ce484222325
    for b in s.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return h


def check_signature(r):
    """The crash signature every report carries (docs/report-format.md):
    non-empty text, no '\n', and its hash as 16 lowercase hex digits."""
    s, h = r.get('signature'), r.get('signature_hash')
    if not isinstance(s, str) or not s or '\n' in s:
        return ['signature %r' % s]
    if not isinstance(h, str) or not re.match(r'^[0-9a-f]{16}$', h):
        return ['signature_hash %r' % h]
    if int(h, 16) != fnv1a64(s):
        return ['signature_hash %s is not the FNV-1a of %r' % (h, s)]
    return []


def frames(name, v, errs):
    if not isinstance(v, list) or not v:
        errs.append('%s is not a non-empty list' % name)
        return
    for f in v:
        keys = {'pc', 'function', 'file', 'line', 'column'}
        if set(f) != keys and set(f) != keys | {'inline'}:
            errs.append('%s frame keys %s' % (name, sorted(f)))
        elif not HEX.match(f['pc']) or not isinstance(f['line'], int):
            errs.append('%s frame %r' % (name, f))
        elif 'inline' in f and f['inline'] is not True:
            errs.append('%s frame inline %r' % (name, f['inline']))


KMSAN_TYPES = ('uninit-value', 'use-after-free', 'kernel-infoleak', 'kernel-infoleak-after-free')
KMSAN_FAULTS = {'wild-memory-access': 'SEGV', 'null-ptr-deref': 'SEGV',
                'stack-overflow': 'stack-overflow'}
ORIGIN_KINDS = ('heap', 'freed', 'stored', 'stack', 'unknown')


def check_kmsan(r):
    """KMSAN's two shapes: a use or an infoleak (with its origin chain), or
    a fault (wild-memory-access, null-ptr-deref, stack-overflow)."""
    errs = []
    if r.get('type') in KMSAN_FAULTS:
        need = {'detector': str, 'type': str, 'asan_type': str, 'access': str,
                'address': str, 'pc': str, 'task': str, 'stack': list}
        allowed = set(need) | SIGNATURE_KEYS
    else:
        need = {'detector': str, 'type': str, 'asan_type': str, 'function': str,
                'pc': str, 'task': str, 'stack': list, 'origins': list}
        allowed = set(need) | SIGNATURE_KEYS
        if r.get('type', '').startswith('kernel-infoleak'):
            leak = {'address': str, 'size': int, 'uninit_first': int, 'uninit_last': int}
            need.update(leak)
        allowed |= {'address', 'size', 'uninit_first', 'uninit_last'}
    for k, t in need.items():
        if not isinstance(r.get(k), t):
            errs.append('field %s missing or not %s' % (k, t.__name__))
    if errs:
        return errs
    extra = set(r) - allowed
    if extra:
        errs.append('unknown fields %s' % sorted(extra))
    if not HEX.match(r['pc']):
        errs.append('pc %r is not 0x hex' % r['pc'])
    if 'address' in r and not HEX.match(r['address']):
        errs.append('address %r is not 0x hex' % r['address'])
    if not re.match(r'^.+/[0-9]+$', r['task']):
        errs.append('task %r is not name/tid' % r['task'])
    frames('stack', r['stack'], errs)
    if r['type'] in KMSAN_FAULTS:
        if r['asan_type'] != KMSAN_FAULTS[r['type']]:
            errs.append('asan_type %r for %s' % (r['asan_type'], r['type']))
        if r['access'] not in ('read', 'write'):
            errs.append('access %r' % r['access'])
        return errs
    if r['type'] not in KMSAN_TYPES:
        errs.append('type %r' % r['type'])
    if r['asan_type'] != 'use-of-uninitialized-value':
        errs.append('asan_type %r' % r['asan_type'])
    if ('address' in r) != r['type'].startswith('kernel-infoleak'):
        errs.append('address and the byte range present iff infoleak')
    elif 'address' in r and not (0 <= r['uninit_first'] <= r['uninit_last'] < r['size']):
        errs.append('uninit bytes %r-%r of %r' % (r['uninit_first'], r['uninit_last'], r['size']))
    if not r['origins']:
        errs.append('origins is empty')
    for i, o in enumerate(r['origins']):
        name = 'origins[%d]' % i
        if not isinstance(o, dict) or o.get('kind') not in ORIGIN_KINDS:
            errs.append('%s kind %r' % (name, o.get('kind') if isinstance(o, dict) else o))
            continue
        keys = {'kind', 'stack'} | ({'variable'} if o['kind'] == 'stack' else set())
        if set(o) != keys:
            errs.append('%s keys %s' % (name, sorted(o)))
        elif o['kind'] == 'unknown':
            if o['stack']:
                frames(name + '.stack', o['stack'], errs)
        else:
            frames(name + '.stack', o['stack'], errs)
        # the last link is where the value was created, the others stores
        if (o['kind'] == 'stored') != (i < len(r['origins']) - 1):
            errs.append('%s: %s link %s the chain' % (
                name, o['kind'], 'ends' if o['kind'] == 'stored' else 'inside'))
    return errs


def describe_kmsan(r):
    if r['type'] in KMSAN_FAULTS:
        return 'report detector=KMSAN type=%s asan_type=%s access=%s top=%s' % (
            r['type'], r['asan_type'], r['access'], r['stack'][0]['function'])
    desc = 'report detector=KMSAN type=%s function=%s top=%s origins=%s' % (
        r['type'], r['function'].split('+')[0], r['stack'][0]['function'],
        ','.join(o['kind'] + ('(%s)' % o['variable'] if 'variable' in o else '') +
                 ('@' + o['stack'][0]['function'] if o['stack'] else '')
                 for o in r['origins']))
    if 'address' in r:
        desc += ' bytes=%d-%d/%d' % (r['uninit_first'], r['uninit_last'], r['size'])
    return desc


def check_ptrpair(r):
    """An invalid-pointer-pair report: the operation, both pointers
    (address, address2) and "pointers", one entry per pointer with its
    address and the members a bad access's address gets (object and its
    stacks, global, frame), each checked as such a report's."""
    errs = []
    need = {'detector': str, 'type': str, 'asan_type': str, 'access': str, 'address': str,
            'address2': str, 'size': int, 'pc': str, 'task': str, 'stack': list,
            'pointers': list}
    for k, t in need.items():
        if not isinstance(r.get(k), t):
            errs.append('field %s missing or not %s' % (k, t.__name__))
    if errs:
        return errs
    if r['detector'] != 'KASAN' or r['asan_type'] != r['type'] or r['size'] != 0:
        errs.append('detector/asan_type/size %r %r %r' % (r['detector'], r['asan_type'],
                                                           r['size']))
    if r['access'] not in ('compare', 'subtract'):
        errs.append('access %r' % r['access'])
    extra = set(r) - set(need) - SIGNATURE_KEYS
    if extra:
        errs.append('unknown fields %s' % sorted(extra))
    p = r['pointers']
    if len(p) != 2 or not all(isinstance(x, dict) for x in p):
        return errs + ['pointers is not a list of two objects']
    if [x.get('address') for x in p] != [r['address'], r['address2']]:
        errs.append('pointers\' addresses are not address, address2')
    for i, x in enumerate(p):
        q = dict(x, detector='KASAN', type=r['type'], asan_type=r['type'], access='read',
                 size=0, pc=r['pc'], task=r['task'], stack=r['stack'])
        errs += ['pointers[%d]: %s' % (i, e) for e in check(q)]
    return errs


def describe_pointer(x):
    if 'object' in x:
        o = x['object']
        return 'heap:%s/%d:%s:%d:alloc0=%s' % (o['state'], o['size'], o['relation'],
                                              o['distance'], x['alloc_stack'][0]['function'])
    if 'global' in x:
        return 'global:%s/%d' % (x['global']['name'], x['global']['size'])
    if 'frame' in x:
        return 'stack:%s' % x['frame']['function']
    return 'none'


def check(r):
    if r.get('detector') == 'KMSAN':
        return check_kmsan(r)
    if r.get('type') == 'invalid-pointer-pair' and 'pointers' in r:
        return check_ptrpair(r)
    errs = []
    need = {'detector': str, 'type': str, 'asan_type': str, 'access': str,
            'address': str, 'size': int, 'pc': str, 'task': str, 'stack': list}
    # a fault whose address is unknown (non-canonical, undecodable) has none
    if r.get('type') == 'wild-memory-access' and 'address' not in r:
        need.pop('address')
    for k, t in need.items():
        if not isinstance(r.get(k), t):
            errs.append('field %s missing or not %s' % (k, t.__name__))
    if errs:
        return errs
    if r['detector'] not in ('KASAN', 'KFENCE'):
        errs.append('detector %r' % r['detector'])
    if r['access'] not in ('read', 'write', 'free'):
        errs.append('access %r' % r['access'])
    for k in ('address', 'pc'):
        if k in need and not HEX.match(r[k]):
            errs.append('%s %r is not 0x hex' % (k, r[k]))
    if not re.match(r'^.+/[0-9]+$', r['task']):
        errs.append('task %r is not name/tid' % r['task'])
    frames('stack', r['stack'], errs)
    allowed = set(need) | SIGNATURE_KEYS | {'object', 'alloc_stack', 'free_stack',
                                            'aux_stack', 'aux_stack2', 'global', 'frame',
                                            'intra', 'pool', 'in_use', 'unmapped',
                                            'map_stack', 'unmap_stack', 'type_confusion'}
    extra = set(r) - allowed
    if extra:
        errs.append('unknown fields %s' % sorted(extra))
    o = r.get('object')
    if o is not None:
        oneed = {'start': str, 'size': int, 'cache': str, 'cache_size': int,
                 'state': str, 'relation': str, 'distance': int, 'alloc_task': int}
        for k, t in oneed.items():
            if not isinstance(o.get(k), t):
                errs.append('object.%s missing or not %s' % (k, t.__name__))
        if errs:
            return errs
        if o['state'] not in ('allocated', 'freed'):
            errs.append('object.state %r' % o['state'])
        if o['relation'] not in ('left', 'right', 'inside'):
            errs.append('object.relation %r' % o['relation'])
        if ('free_task' in o) != (o['state'] == 'freed'):
            errs.append('object.free_task present iff freed')
        frames('alloc_stack', r.get('alloc_stack'), errs)
        if o['state'] == 'freed':
            frames('free_stack', r.get('free_stack'), errs)
        elif 'free_stack' in r:
            errs.append('free_stack on a live object')
    elif 'alloc_stack' in r or 'free_stack' in r:
        errs.append('stacks without object')
    if 'intra' in r:
        errs += check_intra(r)
    errs += check_pool(r)
    errs += check_unmapped(r)
    return errs


def check_unmapped(r):
    """A use-after-unmap (a fault in the unmap quarantine): the range, the
    offset of the address in it, the unmapping stack (and the mapping's when
    known), and the heap object for a large one the heap gave back."""
    errs = []
    if ('unmapped' in r) != (r['type'] == 'use-after-unmap'):
        return ['unmapped present iff use-after-unmap']
    if 'unmapped' not in r:
        if 'map_stack' in r or 'unmap_stack' in r:
            errs.append('map stacks without unmapped')
        return errs
    u = r['unmapped']
    need = {'start': str, 'size': int, 'offset': int, 'map_task': int, 'unmap_task': int}
    for k, t in need.items():
        if not isinstance(u.get(k), t):
            errs.append('unmapped.%s missing or not %s' % (k, t.__name__))
    if errs:
        return errs
    if int(u['start'], 16) + u['offset'] != int(r['address'], 16) or \
            not 0 <= u['offset'] < u['size']:
        errs.append('unmapped offset %d of %d does not reach the address' % (u['offset'], u['size']))
    frames('unmap_stack', r.get('unmap_stack'), errs)
    if 'map_stack' in r:
        frames('map_stack', r['map_stack'], errs)
    return errs


def check_pool(r):
    """A bad free made to a checked pool names it ("pool"); a pool destroyed
    with objects in use is an objects-remaining report with the pool, the
    count ("in_use") and its oldest object."""
    errs = []
    if 'pool' in r and (not isinstance(r['pool'], str) or not r['pool']):
        errs.append('pool %r' % r['pool'])
    if r['type'] == 'objects-remaining':
        if not isinstance(r.get('in_use'), int) or r['in_use'] < 1 or 'pool' not in r:
            errs.append('objects-remaining without pool and in_use >= 1')
        elif 'object' not in r or r['object']['cache'] != r['pool'] or \
                r['object']['state'] != 'allocated' or r['access'] != 'free':
            errs.append('objects-remaining: not a live object of the pool')
    elif 'in_use' in r:
        errs.append('in_use in a %s report' % r['type'])
    elif 'pool' in r and r['type'] not in ('double-free', 'invalid-free'):
        errs.append('pool in a %s report' % r['type'])
    return errs


INTRA = {'struct': str, 'object': str, 'struct_size': int, 'field': str, 'field_offset': int,
         'field_size': int, 'gap': str, 'gap_offset': int, 'gap_size': int, 'address': str,
         'offset': int, 'past_field': int}


def check_intra(r):
    """The armed object, gap and member of an intra-object-out-of-bounds
    report: exactly INTRA's keys, and offsets that agree with each other."""
    i = r['intra']
    if not isinstance(i, dict) or set(i) != set(INTRA):
        return ['intra keys %s' % (sorted(i) if isinstance(i, dict) else i)]
    errs = ['intra.%s not %s' % (k, t.__name__) for k, t in INTRA.items()
            if not isinstance(i[k], t)]
    if errs:
        return errs
    if r['type'] != 'intra-object-out-of-bounds':
        errs.append('intra in a %s report' % r['type'])
    if not HEX.match(i['object']) or not HEX.match(i['address']):
        errs.append('intra object/address not 0x hex')
        return errs
    obj, bad = int(i['object'], 16), int(i['address'], 16)
    field_end = i['field_offset'] + i['field_size']
    if bad - obj != i['offset']:
        errs.append('intra offset %d, address - object %d' % (i['offset'], bad - obj))
    if i['offset'] - field_end != i['past_field']:
        errs.append('intra past_field %d, offset - field end %d' % (i['past_field'],
                                                                   i['offset'] - field_end))
    if not field_end <= i['offset'] < i['gap_offset'] + i['gap_size'] <= i['struct_size']:
        errs.append('intra offset %d outside [field end %d, gap end %d)' % (
            i['offset'], field_end, i['gap_offset'] + i['gap_size']))
    if not int(r['address'], 16) <= bad < int(r['address'], 16) + max(r['size'], 1):
        errs.append('intra address outside the access')
    return errs


def main():
    n = 0
    for line in sys.stdin:
        line = line.rstrip('\n')
        if not line or line.startswith('STATUS: '):
            if line:
                print(line)
            continue
        try:
            r = json.loads(line)
        except ValueError as e:
            print('JSON ERROR: not a JSON line: %r (%s)' % (line[:100], e))
            continue
        n += 1
        errs = check(r) + check_signature(r)
        if errs:
            print('JSON ERROR: ' + '; '.join(errs))
            continue
        if '--signature' in sys.argv:
            print('signature %s %s' % (r['signature_hash'], r['signature']))
        if r['detector'] == 'KMSAN':
            print(describe_kmsan(r))
            continue
        if 'pointers' in r:
            print('report type=%s access=%s top=%s first=%s second=%s' % (
                r['type'], r['access'], r['stack'][0]['function'],
                describe_pointer(r['pointers'][0]), describe_pointer(r['pointers'][1])))
            continue
        o = r.get('object')
        desc = 'report type=%s asan_type=%s access=%s size=%d top=%s' % (
            r['type'], r['asan_type'], r['access'], r['size'], r['stack'][0]['function'])
        if o:
            start, addr, d = int(o['start'], 16), int(r['address'], 16), o['distance']
            expect = {'right': start + o['size'] + d, 'left': start - d,
                      'inside': start + d}[o['relation']]
            desc += ' object=%s/%d cache=%s/%d %s %d addr_ok=%d alloc0=%s' % (
                o['state'], o['size'], o['cache'], o['cache_size'], o['relation'],
                d, int(expect == addr), r['alloc_stack'][0]['function'])
            if o['state'] == 'freed':
                desc += ' free0=%s' % r['free_stack'][0]['function']
        if 'pool' in r:
            desc += ' pool=%s' % r['pool']
        if 'in_use' in r:
            desc += ' in_use=%d' % r['in_use']
        if 'unmapped' in r:
            u = r['unmapped']
            desc += ' unmapped=%d+%d map0=%s unmap0=%s%s' % (
                u['size'], u['offset'],
                r['map_stack'][0]['function'] if 'map_stack' in r else '-',
                r['unmap_stack'][0]['function'],
                ' object=%d' % u['object_size'] if 'object' in u else '')
        if 'intra' in r:
            i = r['intra']
            desc += ' intra=%s.%s+%d gap=%s@%d/%d offset=%d' % (
                i['struct'], i['field'], i['past_field'], i['gap'], i['gap_offset'],
                i['gap_size'], i['offset'])
        print(desc)
        if '--frames' in sys.argv:
            for key in ('stack', 'alloc_stack', 'free_stack'):
                for i, f in enumerate(r.get(key, [])):
                    print('frame %s[%d] %s %s:%d%s' % (
                        key, i, f['function'] or '?', f['file'].split('/')[-1],
                        f['line'], ' inline' if f.get('inline') else ''))
    print('%d json reports' % n)


main()
