#!/usr/bin/env bash
# Builds every example in examples/ with ksan-cc and runs it, showing the
# report it prints.  Usage: examples/run-demo.sh [build-dir]  (default: build)
# KSAN_CC picks the wrapped compiler (gcc by default); KSAN_MODE inline|outline.
# Exits non-zero if an example did not build or produced no "BUG: KASAN:" line.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${1:-$root/build}
case $build in /*) ;; *) build=$PWD/$build ;; esac
ksan_cc=$build/bin/ksan-cc
cc=${KSAN_CC:-gcc}
mode=${KSAN_MODE:-inline}
out=$build/demo
if [ ! -x "$ksan_cc" ]; then
	echo "run-demo.sh: $ksan_cc not found (run make first)" >&2
	exit 2
fi
mkdir -p "$out"
if [ -t 1 ]; then bold=$(printf '\033[1m'); norm=$(printf '\033[0m'); else bold= norm=; fi

n=0 caught=0 missed=
for src in "$here"/*.c; do
	name=$(basename "$src" .c)
	n=$((n + 1))
	echo
	echo "${bold}=== $name ===${norm}"
	# the story of the bug: the header comment, without its frame
	sed -n '2,/\*\//p' "$src" | sed -e '/^ \*\/$/d' -e 's/^ \* \{0,1\}/  /'
	echo "  \$ ksan-cc -O1 -g examples/$name.c -o $name && ./$name"
	if ! "$ksan_cc" --ksan-cc="$cc" --ksan-mode="$mode" -O1 -g "$src" -o "$out/$name"; then
		echo "  (build failed)"
		missed="$missed $name"
		continue
	fi
	(cd "$out" && "./$name" > "$name.stdout" 2> "$name.stderr")
	status=$?
	cat "$out/$name.stderr"
	echo "  (exit status $status)"
	if grep -q '^BUG: KASAN: ' "$out/$name.stderr"; then
		caught=$((caught + 1))
	else
		missed="$missed $name"
	fi
done
echo
echo "$n examples, $caught bugs caught"
if [ -n "$missed" ]; then
	echo "no report from:$missed" >&2
	exit 1
fi
exit 0
