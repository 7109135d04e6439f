#!/usr/bin/env bash
# clang's register-passing outline checks (src/kasan/abi_clang_x86_64.S),
# run with the default halt_on_error=1: the callback handles every report, so
# none halts and none is deduplicated (they all come from one call site);
# called directly with every register set: see tests/unit/thunks_test.c.
#   usage: tests/unit/thunks.sh [build-dir]
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
mkdir -p "$B" && B=$(cd "$B" && pwd)
tmp=$B/unit-tests/thunks
rm -rf "$tmp" && mkdir -p "$tmp"
if [ "$(uname -m)" != x86_64 ]; then
	printf 'PLAN: 1\nSKIP: thunks/all: x86-64 only\n'
	exit 0
fi
if ! gcc -c "$here/thunks_call.S" -o "$tmp/thunks_call.o" > "$tmp/build.log" 2>&1 ||
   ! "$B/bin/ksan-cc" --ksan-cc=gcc -O1 -g -Wall "$here/thunks_test.c" "$tmp/thunks_call.o" \
	-o "$tmp/thunks_test" >> "$tmp/build.log" 2>&1; then
	printf 'PLAN: 1\nFAIL: thunks/build:\n'
	sed 's/^/    /' "$tmp/build.log" | tail -20
	exit 1
fi
timeout 120 "$tmp/thunks_test" 2> "$tmp/stderr"
rc=$?
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$tmp/stderr"; then
	echo "FAIL: thunks/run: exit status $rc ($(tail -c 300 "$tmp/stderr" | tr '\n' ' '))"
fi
exit $rc
