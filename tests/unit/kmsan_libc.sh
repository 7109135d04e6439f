#!/usr/bin/env bash
# KMSAN's C library model against the derived list (issue 25): the names
# MemorySanitizer intercepts that glibc exports are exactly
# tests/kmsan-libc/list.txt's, each "model" one has an interceptor in the
# KMSAN runtime (nm) and a row in tests/lit/kmsan/libc_model_*.c; a missing
# entry fails.  tools/kmsan-libc-list.py does the work.
#   usage: tests/unit/kmsan_libc.sh [build-dir]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
exec python3 "$root/tools/kmsan-libc-list.py" check "$B"
