# Reads lines "REF" (libc's %Lg) each followed by ksan's asan-layout report
# for the same value; prints "N compared, N differ" and the first mismatches.
import sys

lines = sys.stdin.read().split('\n')
n = bad = 0
ref = None
for line in lines:
    if 'runtime error: ' in line:
        got = line.split('runtime error: ')[1].split(' is outside')[0]
        n += 1
        if got != ref:
            bad += 1
            if bad <= 5:
                print('MISMATCH libc %s ksan %s' % (ref, got))
    elif line and not line.startswith('SUMMARY'):
        ref = line
print('%d compared, %d differ' % (n, bad))
