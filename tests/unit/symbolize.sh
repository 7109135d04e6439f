#!/usr/bin/env bash
# The Linux port's symbolizer, built with gcc and clang, dynamic and static.
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
out=$B/unit/symbolize
mkdir -p "$out"
for cc in gcc clang; do
	for link in dynamic static; do
		flags=; [ $link = static ] && flags=-static
		exe=$out/symbolize-$cc-$link
		if ! $cc -g -O0 -fno-omit-frame-pointer $flags -Iinclude -Isrc \
			tests/unit/symbolize_test.c src/port/linux/symbolize.c -o "$exe" 2> "$exe.log"; then
			echo "FAIL: $cc-$link: build failed"; cat "$exe.log"; continue
		fi
		"$exe" | sed "s/^\(PASS\|FAIL\|SKIP\): /\1: $cc-$link: /"
	done
done
