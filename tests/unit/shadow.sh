#!/usr/bin/env bash
# Builds tests/unit/shadow_test.c (the shadow range scanners against a
# byte-by-byte reference) with ksan-cc for gcc and clang, inline mode (the
# scanners are the runtime's, not the compiler's), and runs it.  Each result
# line is "PASS|FAIL|SKIP: <config>/<case>[: why]"; "PLAN: N" lines add up
# to their number.
#   usage: tests/unit/shadow.sh [build-dir]      (default: build)
set -u -o pipefail
. "$(dirname "$0")/../lib.sh" shadow "$@"

for cc in gcc clang; do
	if ! have "$cc"; then
		printf 'PLAN: 1\nSKIP: %s\n' "$cc/shadow_test: $cc is not installed"
		continue
	fi
	if ! KSAN_CC_VERBOSE= "$KSAN_CC_BIN" --ksan-cc="$cc" --ksan-mode=inline -O1 -g -Wall \
		"$src" -o "$tmp/$cc" > "$tmp/$cc.log" 2>&1; then
		printf 'PLAN: 1\nFAIL: %s\n' "$cc/build: ksan-cc failed:"
		sed 's/^/    /' "$tmp/$cc.log" | tail -20
		failed=1
		continue
	fi
	timeout 300 "$tmp/$cc" > "$tmp/$cc.out" 2> "$tmp/$cc.err"
	rc=$?
	sed -E "s#^(PASS|FAIL|SKIP): #\1: $cc/#" "$tmp/$cc.out"
	if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$tmp/$cc.out"; then
		printf 'PLAN: 1\nFAIL: %s\n' "$cc/shadow_test: exited with status $rc after the last case above (stderr: $(tail -c 300 "$tmp/$cc.err" | tr '\n' ' '))"
	fi
	[ "$rc" -ne 0 ] && failed=1
done
echo "shadow.sh: $(( $(date +%s) - start )) s"
exit $failed
