#!/usr/bin/env bash
# Runs every ksan test: unit tests (in-process, KUnit style) and lit tests
# with GCC and Clang, inline and outline.  Ends with one line
# "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
B=${BUILD:-$ROOT/build}
JOBS=${JOBS:-$(nproc)}
LIT=${LIT:-$(llvm-config-14 --prefix 2>/dev/null || echo /usr/lib/llvm-14)/build/utils/lit/lit.py}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
pass=0 fail=0 skip=0
log=$B/test-logs
mkdir -p "$log"

count() {	# count <passed> <failed> <skipped>
	pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + $3))
}

# 1. unit tests: each prints "PASS: name" / "FAIL: name" / "SKIP: name"
for t in tests/unit/*.sh; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .sh)
	bash "$t" "$B" > "$log/unit-$name.log" 2>&1
	rc=$?
	p=$(grep -c '^PASS: ' "$log/unit-$name.log"); f=$(grep -c '^FAIL: ' "$log/unit-$name.log")
	s=$(grep -c '^SKIP: ' "$log/unit-$name.log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL: unit/$name exited $rc"; fi
	grep '^FAIL: ' "$log/unit-$name.log" | sed "s|^|unit/$name: |"
	echo "unit/$name: $p passed, $f failed, $s skipped"
	count "$p" "$f" "$s"
done

# 2. lit, once per compiler and mode
timeout_arg=
$PY -c 'import psutil' 2>/dev/null && timeout_arg=--timeout=120
for cc in gcc clang; do
	for mode in inline outline; do
		out=$log/lit-$cc-$mode.log
		$PY "$LIT" -j "$JOBS" $timeout_arg -v --param cc=$cc --param mode=$mode \
			--param build="$B" tests/lit > "$out" 2>&1
		p=$(grep -cE '^(PASS|XFAIL): ' "$out"); f=$(grep -cE '^(FAIL|XPASS|TIMEOUT|UNRESOLVED): ' "$out")
		s=$(grep -cE '^UNSUPPORTED: ' "$out")
		grep -E '^(FAIL|XPASS|TIMEOUT|UNRESOLVED): ' "$out"
		if [ "$p$f$s" = "000" ]; then f=1; echo "lit $cc-$mode ran nothing:"; tail -5 "$out"; fi
		echo "lit/$cc-$mode: $p passed, $f failed, $s skipped"
		count "$p" "$f" "$s"
	done
done
echo "(logs in $log)"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
