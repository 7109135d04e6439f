#!/usr/bin/env bash
# Builds tests/unit/kasan_test.c with ksan-cc for gcc and clang, inline and
# outline (-O1 -g), runs every case in each, then an -O0/-O2/-O3 sweep of the
# "oob_right" cases with both compilers in inline mode.  Each result line is
# "PASS|FAIL|SKIP: <config>/<case>[: why]"; "PLAN: N" lines (each binary's,
# and 1 for each line this script prints itself) add up to their number.
#   usage: tests/unit/kasan.sh [build-dir]      (default: build)
set -u -o pipefail
. "$(dirname "$0")/../lib.sh" kasan "$@"

# build <cc> <mode> <opt> <name>: in the background, log in $tmp/<name>.log
build() {
	KSAN_CC_VERBOSE= "$KSAN_CC_BIN" --ksan-cc="$1" --ksan-mode="$2" "$3" -g -Wall \
		"$src" -o "$tmp/$4" > "$tmp/$4.log" 2>&1
	echo $? > "$tmp/$4.rc"
}

# run <config> <mode> [filter]: prefix every result line with the config
run() {
	local cfg=$1 mode=$2 bin=$tmp/kasan_test-$1 rc n
	shift 2
	if [ "$(cat "$tmp/kasan_test-$cfg.rc" 2>/dev/null)" != 0 ]; then
		echo "PLAN: 1"
		echo "FAIL: $cfg/build: ksan-cc failed:"
		sed 's/^/    /' "$tmp/kasan_test-$cfg.log" | tail -20
		failed=1
		return
	fi
	KSAN_TEST_MODE=$mode timeout 300 "$bin" "$@" > "$tmp/$cfg.out" 2> "$tmp/$cfg.err"
	rc=$?
	sed -E "s#^(PASS|FAIL|SKIP): #\1: $cfg/#" "$tmp/$cfg.out"
	n=$(grep -c '^FAIL: ' "$tmp/$cfg.out")
	if [ "$rc" -ne 0 ] && [ "$n" -eq 0 ]; then
		echo "FAIL: $cfg/kasan_test: exited with status $rc after the last case above" \
			"(stderr: $(tail -c 300 "$tmp/$cfg.err" | tr '\n' ' '))"
	fi
	[ "$rc" -ne 0 ] && failed=1
}

configs=() sweep=()
for cc in gcc clang; do
	if ! have "$cc"; then
		for mode in inline outline; do
			printf 'PLAN: 1\nSKIP: %s\n' "$cc-$mode/kasan_test: $cc is not installed"
		done
		printf 'PLAN: 1\nSKIP: %s\n' "$cc-inline-sweep/kasan_test: $cc is not installed"
		continue
	fi
	for mode in inline outline; do
		configs+=("$cc-$mode")
		build "$cc" "$mode" -O1 "kasan_test-$cc-$mode" &
	done
	for opt in -O0 -O2 -O3; do
		sweep+=("$cc-inline$opt")
		build "$cc" inline "$opt" "kasan_test-$cc-inline$opt" &
	done
done
wait

for cfg in "${configs[@]}"; do
	run "$cfg" "${cfg#*-}"
done
for cfg in "${sweep[@]}"; do
	run "$cfg" inline oob_right
done
echo "kasan.sh: $(( $(date +%s) - start )) s"
exit $failed
