#!/usr/bin/env bash
# Runs every ksan test: unit tests (in-process, KUnit style) and lit tests
# with GCC and Clang, inline and outline.  Ends with one line
# "N passed, N failed, N skipped".
set -u -o pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=${BUILD:-$ROOT/build}
JOBS=${JOBS:-$(nproc)}
LIT=${LIT:-$(llvm-config-14 --prefix 2>/dev/null || echo /usr/lib/llvm-14)/build/utils/lit/lit.py}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
pass=0 fail=0 skip=0
# ksan reads these as well as KSAN_OPTIONS (docs/options.md): a caller's
# ASan settings must not reach the tests
unset ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS
log=$B/test-logs
mkdir -p "$log"

count() {	# count <passed> <failed> <skipped>
	pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + $3))
}

# 1. unit tests: each prints "PASS: name" / "FAIL: name" / "SKIP: name" and
# announces how many of those lines it will print with "PLAN: N" lines (one
# per binary or step; they add up).  A suite fails if its plan is missing,
# if the results do not add up to it (a test binary that died halfway), or
# if the script exits non-zero.
for t in tests/unit/*.sh; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .sh)
	ulog=$log/unit-$name.log
	bash "$t" "$B" > "$ulog" 2>&1
	rc=$?
	p=$(grep -c '^PASS: ' "$ulog"); f=$(grep -c '^FAIL: ' "$ulog")
	s=$(grep -c '^SKIP: ' "$ulog")
	plan=$(awk '/^PLAN: [0-9]+$/ { n += $2; seen = 1 } END { print seen ? n : "none" }' "$ulog")
	grep '^FAIL: ' "$ulog" | sed "s|^|unit/$name: |"
	if [ "$plan" = none ]; then
		echo "FAIL: unit/$name announced no plan (no PLAN: line)"; f=$((f + 1))
	elif [ $((p + f + s)) -ne "$plan" ]; then
		echo "FAIL: unit/$name: plan $plan, got $((p + f + s)) results ($p passed, $f failed, $s skipped)"
		f=$((f + 1))
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL: unit/$name exited $rc"; fi
	echo "unit/$name: $p passed, $f failed, $s skipped"
	count "$p" "$f" "$s"
done

# 2. lit, once per compiler and mode, then KMSAN's pass and KCSAN's two

# lit_account <log> <results> <status> <failed>: prints why lit's run does
# not add up (nothing if it does).
lit_account() {
	awk -v got="$2" -v rc="$3" -v failed="$4" '
		/^-- Testing: [0-9]+ (of [0-9]+ )?tests/ { total = $3; seen = 1 }
		/^Testing Time: / { summary = 1; next }
		summary && /^  [A-Za-z ]+: +[0-9]+$/ { sub(/^ +/, ""); split($0, a, ": *"); sum += a[2] }
		END {
			if (!seen) { print "lit printed no test count (it did not run)"; exit }
			if (total == 0) { print "lit discovered no tests"; exit }
			if (got != total) { printf "lit discovered %d tests, %d results\n", total, got; exit }
			if (sum != total) { printf "lit discovered %d tests, its summary counts %d\n", total, sum; exit }
			if (rc != 0 && failed == 0) { printf "lit exited %d with no failed test\n", rc; exit }
			if (rc == 0 && failed != 0) { printf "lit exited 0 with %d failed tests\n", failed; exit }
		}' "$1"
}
timeout_arg=
$PY -c 'import psutil' 2>/dev/null && timeout_arg=--timeout=120
# then KMSAN's directory alone, with clang, and KCSAN's, with gcc and clang;
# then generic KASAN (inline) built for aarch64 by both compilers, its tests
# run under qemu-aarch64 (the directories lit.cfg.py's AARCH64_DIRS names),
# one counted skip per pass without qemu-aarch64 or the aarch64 runtime;
# then gcc-inline again with musl instead of glibc (musl-gcc; the directories
# lit.cfg.py's MUSL_DIRS names), one counted skip without musl-gcc or the
# musl runtime
for lp in gcc-inline gcc-outline clang-inline clang-outline clang-inline/noopt clang-outline/noopt clang-kcsan/noopt \
	clang-kmsan gcc-kcsan clang-kcsan gcc-aarch64 clang-aarch64 gcc-musl; do
	cc=${lp%%-*} mode=${lp#*-}
	dir=tests/lit
	[ "${mode%/noopt}" = kmsan ] && dir=tests/lit/kmsan
	[ "${mode%/noopt}" = kcsan ] && dir=tests/lit/kcsan
	params="--param cc=$cc --param mode=$mode"
	# MODE/noopt: the same tests without clang's check optimizer (ksan-cc
	# --ksan-no-opt; docs/optimizer.md): detection must not depend on it
	case $mode in */noopt) params="--param cc=$cc --param mode=${mode%/noopt} --param ksan_cc_flags=--ksan-no-opt" ;; esac
	if [ "$mode" = musl ]; then
		params="--param cc=$cc --param mode=inline --param libc=musl"
		why=
		command -v musl-gcc > /dev/null || why="no musl-gcc (musl-tools)"
		[ -f "$B/lib/musl/libksan.a" ] ||
			why=${why:-"no musl runtime ($B/lib/musl/libksan.a: install musl-tools, then make)"}
		if [ -n "$why" ]; then
			echo "SKIP: lit/$cc-$mode: $why"
			echo "lit/$cc-$mode: 0 passed, 0 failed, 1 skipped"
			count 0 0 1
			continue
		fi
	fi
	if [ "$mode" = aarch64 ]; then
		params="--param cc=$cc --param mode=inline --param arch=aarch64"
		why=
		command -v qemu-aarch64 > /dev/null || why="no qemu-aarch64 (qemu-user)"
		[ -f "$B/lib/aarch64/libksan.a" ] ||
			why=${why:-"no aarch64 runtime ($B/lib/aarch64/libksan.a: install gcc-aarch64-linux-gnu and libc6-dev-arm64-cross, then make)"}
		if [ -n "$why" ]; then
			echo "SKIP: lit/$cc-$mode: $why"
			echo "lit/$cc-$mode: 0 passed, 0 failed, 1 skipped"
			count 0 0 1
			continue
		fi
	fi
	{
		out=$log/lit-$cc-${mode//\//-}.log
		$PY "$LIT" -j "$JOBS" $timeout_arg -v $params \
			--param build="$B" $dir > "$out" 2>&1
		rc=$?
		# one line per test: "CODE: ksan-gcc-inline :: heap/x.c (3 of 96)"
		res=' ksan-[a-z]+-[a-z0-9]+ :: .* \([0-9]+ of [0-9]+\)$'
		p=$(grep -cE "^(PASS|XFAIL|FLAKYPASS):$res" "$out")
		f=$(grep -cE "^(FAIL|XPASS|TIMEOUT|UNRESOLVED):$res" "$out")
		s=$(grep -cE "^(UNSUPPORTED|SKIPPED):$res" "$out")
		grep -E "^(FAIL|XPASS|TIMEOUT|UNRESOLVED):$res" "$out"
		# lit's own account: "-- Testing: N tests" before the run and
		# "  <Label>: N" per result code after it; all must agree with
		# the per-test lines and with its exit status.
		why=$(lit_account "$out" $((p + f + s)) "$rc" "$f")
		if [ -n "$why" ]; then
			f=$((f + 1)); echo "FAIL: lit/$cc-$mode: $why"; tail -5 "$out"
		fi
		echo "lit/$cc-$mode: $p passed, $f failed, $s skipped"
		count "$p" "$f" "$s"
	}
done
echo "(logs in $log)"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
