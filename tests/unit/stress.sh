#!/usr/bin/env bash
# Builds tests/unit/stress_test.c with ksan-cc (inline mode, -O2; the
# allocator is the same in every mode) for gcc and clang and runs it:
# 8 threads x 10^6 random heap operations each.  Result lines are
# "PASS|FAIL|SKIP: <cc>/<check>[: why]"; "PLAN: N" lines (each binary's, and
# 1 for each result line this script prints itself) add up to their number.
#   usage: tests/unit/stress.sh [build-dir] [threads] [ops]
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
THREADS=${2:-8}
OPS=${3:-1000000}
mkdir -p "$B" && B=$(cd "$B" && pwd)
KSAN_CC_BIN=$B/bin/ksan-cc
tmp=$B/unit-tests/stress
rm -rf "$tmp" && mkdir -p "$tmp"
failed=0

if [ ! -x "$KSAN_CC_BIN" ]; then
	echo "PLAN: 1"
	echo "FAIL: stress/build: $KSAN_CC_BIN is missing (run make)"
	exit 1
fi

for cc in gcc clang; do
	if ! command -v "$cc" >/dev/null 2>&1; then
		printf 'PLAN: 1\nSKIP: %s\n' "$cc/stress: $cc is not installed"
		continue
	fi
	bin=$tmp/stress_test-$cc
	if ! KSAN_CC_VERBOSE= "$KSAN_CC_BIN" --ksan-cc="$cc" --ksan-mode=inline -O2 -g -Wall \
		-pthread "$here/stress_test.c" -o "$bin" > "$tmp/$cc.build.log" 2>&1; then
		echo "PLAN: 1"
		echo "FAIL: $cc/stress_build: ksan-cc failed:"
		sed 's/^/    /' "$tmp/$cc.build.log" | tail -20
		failed=1
		continue
	fi
	start=${EPOCHREALTIME//[!0-9]/}	# microseconds (bash 5), no bc needed
	timeout 300 "$bin" "$THREADS" "$OPS" > "$tmp/$cc.out" 2> "$tmp/$cc.err"
	rc=$?
	end=${EPOCHREALTIME//[!0-9]/}
	sed -E "s#^(PASS|FAIL|SKIP): #\1: $cc/#" "$tmp/$cc.out"
	if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$tmp/$cc.out"; then
		echo "FAIL: $cc/stress: exited with status $rc" \
			"(stderr: $(tail -c 400 "$tmp/$cc.err" | tr '\n' ' '))"
	fi
	[ "$rc" -ne 0 ] && failed=1
	us=$((end - start))
	printf '%s: stress run took %d.%02d s\n' "$cc" $((us / 1000000)) $((us % 1000000 / 10000))
done
exit $failed
