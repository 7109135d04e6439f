# Reads a program's output; every line that starts with '{' must be one
# whole JSON object.  Prints "json TYPE BASENAME:LINE:COL | MESSAGE | top=FN"
# per object, "JSON ERROR ..." for a bad one, and passes other lines through.
import json
import os
import sys

for line in sys.stdin:
    line = line.rstrip('\n')
    if not line.startswith('{'):
        print(line)
        continue
    try:
        o = json.loads(line)
        top = o['stack'][0]['function'] if o['stack'] else ''
        print('json %s %s %s:%d:%d | %s | top=%s' % (
            o['detector'], o['type'], os.path.basename(o['file']), o['line'],
            o['column'], o['message'], top))
    except Exception as e:  # noqa: BLE001 - any failure is a test failure
        print('JSON ERROR %s: %s' % (e, line))
