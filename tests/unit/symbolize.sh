#!/usr/bin/env bash
# The Linux port's symbolizer, built with gcc and clang, dynamic and static,
# at -O0 and (inlined frames as in optimised code) at -O2.
set -u -o pipefail
status=0
B=${1:-build}
cd "$(dirname "$0")/../.."
out=$B/unit/symbolize
mkdir -p "$out"
for opt in O0 O2; do
	for cc in gcc clang; do
		for link in dynamic static; do
			flags=; [ $link = static ] && flags=-static
			name=$cc-$link; [ $opt = O0 ] || name=$name-$opt
			exe=$out/symbolize-$name
			if ! $cc -g -$opt -fno-omit-frame-pointer $flags -Iinclude -Isrc \
				tests/unit/symbolize_test.c src/port/linux/symbolize/*.c src/port/linux/platform/noproc.c \
				src/port/linux/platform/secure.c src/core/print.c src/core/mem.c -o "$exe" 2> "$exe.log"; then
				printf 'PLAN: 1\nFAIL: %s: build failed\n' "$name"; cat "$exe.log"
				status=1; continue
			fi
			# The binary knows no count in advance: its plan is the
			# number of results of a run that reached its last line.
			"$exe" > "$exe.out" 2> "$exe.err"
			rc=$?
			sed "s/^\(PASS\|FAIL\|SKIP\): /\1: $name: /" "$exe.out"
			cat "$exe.err" >&2
			last=$(tail -n 1 "$exe.out")
			if [ $rc -le 1 ] && { [ "$last" = "ALL PASSED" ] || [ "$last" = FAILED ]; }; then
				echo "PLAN: $(grep -cE '^(PASS|FAIL|SKIP): ' "$exe.out")"
			else	# no plan: the runner sees the missing results too
				echo "FAIL: $name: $exe died (status $rc) after the results above"
				status=1
			fi
			[ $rc -eq 0 ] || status=1
		done
	done
done
exit $status
