#!/usr/bin/env bash
# The external symbolizer's I/O (src/port/linux/symbolize/tool.c) against
# fake symbolizers picked with KSAN_SYMBOLIZER_PATH: a child that dies or
# stalls mid-answer, one that writes a byte now and then, one whose line
# never ends, one that answers garbage.  Each time the report must still be
# printed whole (frames by their ELF symbol-table names), the program must
# exit with the report's status, and within symbolize_timeout_ms (1 s here)
# per symbolizer child, never a timeout per byte.
set -u -o pipefail
B=${1:-build}
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/ksan-symchild.XXXXXX")
trap 'rm -rf "$T"' EXIT
cases="dies stalls trickles endless_line garbage a2l_dies a2l_stalls"
echo "PLAN: $(( $(echo $cases | wc -w) + 1 ))"
cat > "$T/oob.c" <<'C'
#include <stdlib.h>
__attribute__((noinline)) static void write_past(char *p, int i) { p[i] = 1; }
int main(void)
{
	char *p = malloc(10);
	write_past(p, 10);
	free(p);
	return 0;
}
C
if ! "$B/bin/ksan-cc" --ksan-cc=gcc -g -O0 "$T/oob.c" -o "$T/oob" 2> "$T/cc.log"; then
	echo "FAIL: symbolizer_child: build"; cat "$T/cc.log"; exit 1
fi
echo "PASS: symbolizer_child: build"
mkdir -p "$T/bin"
fake() {	# fake NAME BODY: an executable script
	printf '#!/bin/bash\n%s\n' "$2" > "$T/bin/$1"
	chmod +x "$T/bin/$1"
}
# llvm-symbolizer's dialect (the name says which, as the runtime tells)
fake dies-llvm-symbolizer 'read -r req; printf "write_past\n  Filename: /x/oob"; exit 0'
fake stalls-llvm-symbolizer 'read -r req; printf "write_past\n  Filename: /x/oob"; exec sleep 60'
fake trickles-llvm-symbolizer 'read -r req; while :; do printf x; sleep 0.2; done'
fake endless_line-llvm-symbolizer 'read -r req; exec tr -d "\n" < /dev/zero'
fake garbage-llvm-symbolizer 'while read -r req; do head -c 3000 /dev/urandom | tr -d "\000"; printf "\n\n"; done'
fake a2l_dies-addr2line 'read -r req; printf "0x1\nwrite_past\n"; exit 0'
fake a2l_stalls-addr2line 'read -r req; printf "0x1\nwrite_past\n/x/oob.c:"; exec sleep 60'
for c in $cases; do
	tool=$(ls "$T/bin/" | grep "^$c-")
	start=$(date +%s%N)
	KSAN_SYMBOLIZER_PATH=$T/bin/$tool KSAN_OPTIONS=symbolize_timeout_ms=1000 \
		timeout 60 "$T/oob" > "$T/$c.out" 2>&1
	rc=$?
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	# one child for llvm-symbolizer; addr2line: one per module (the
	# program, libc, the loader): 1 s each at most, and a margin
	if [ $rc -eq 1 ] && grep -q '^BUG: KASAN: slab-out-of-bounds in write_past' "$T/$c.out" &&
	   grep -q '^Memory state around the buggy address:' "$T/$c.out" &&
	   grep -q ' main+0x' "$T/$c.out" && [ $ms -lt 8000 ]; then
		echo "PASS: symbolizer_child: $c ($ms ms)"
	else
		echo "FAIL: symbolizer_child: $c (status $rc, $ms ms)"
		cat "$T/$c.out"
	fi
done
exit 0
