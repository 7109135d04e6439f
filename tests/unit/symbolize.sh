#!/usr/bin/env bash
# The Linux port's symbolizer, built with gcc and clang, dynamic and static,
# at -O0 and (inlined frames as in optimised code) at -O2.
set -u
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
				tests/unit/symbolize_test.c src/port/linux/symbolize.c -o "$exe" 2> "$exe.log"; then
				echo "FAIL: $name: build failed"; cat "$exe.log"; continue
			fi
			"$exe" | sed "s/^\(PASS\|FAIL\|SKIP\): /\1: $name: /"
		done
	done
done
