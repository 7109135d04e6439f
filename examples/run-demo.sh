#!/usr/bin/env bash
# Builds every example in examples/ with ksan-cc and runs it, showing the
# report it prints.  Usage: examples/run-demo.sh [build-dir]  (default: build)
# KSAN_CC picks the wrapped compiler (gcc by default); KSAN_MODE inline|outline.
# examples/kmsan/*.c are built with --ksan-cc=clang --ksan=kmsan (skipped,
# and said so, when clang is missing); examples/kcsan/*.c with --ksan=kcsan.
# Exits non-zero if an example did not build or produced no "BUG: KASAN:"
# (for examples/kmsan: "BUG: KMSAN:", examples/kcsan: "BUG: KCSAN:",
# examples/leak: "BUG: memory leak") line, or "KASAN: <type> in" under the
# WARNING line of a report with no access (type-confusion).
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

n=0 caught=0 missed= skipped=
# run_one SRC DETECTOR SHOWN-FLAGS FLAGS...: build SRC with ksan-cc FLAGS
# (the command line shown has SHOWN-FLAGS), run it, count it as caught if its
# stderr has a "BUG: <DETECTOR>: " line.
run_one() {
	local src=$1 det=$2 show=$3 name shown status
	shift 3
	name=$(basename "$src" .c)
	shown=${src#"$root"/}
	n=$((n + 1))
	echo
	echo "${bold}=== $name ===${norm}"
	# the story of the bug: the header comment, without its frame
	sed -n '2,/\*\//p' "$src" | sed -e '/^ \*\/$/d' -e 's/^ \* \{0,1\}/  /'
	# "Build with -DFOO ... and the bug is silent again": that build first
	plain=$(sed -n '2,/\*\//p' "$src" | grep -o 'Build with -D[A-Za-z0-9_]*' | head -n 1)
	plain=${plain#Build with }
	if [ -n "$plain" ]; then
		echo "  \$ ksan-cc${show:+ $show} $plain -O1 -g $shown -o $name-plain && ./$name-plain"
		if "$ksan_cc" "$@" "$plain" -O1 -g "$src" -o "$out/$name-plain"; then
			(cd "$out" && "./$name-plain" > "$name-plain.out" 2>&1)
			status=$?
			sed 's/^/  /' "$out/$name-plain.out"
			if grep -q "^BUG: " "$out/$name-plain.out"; then
				echo "  (exit status $status, a report)"
			else
				echo "  (exit status $status, no report)"
			fi
		else
			echo "  (build failed)"
		fi
	fi
	echo "  \$ ksan-cc${show:+ $show} -O1 -g $shown -o $name && ./$name"
	if ! "$ksan_cc" "$@" -O1 -g "$src" -o "$out/$name"; then
		echo "  (build failed)"
		missed="$missed $name"
		return
	fi
	(cd "$out" && "./$name" > "$name.stdout" 2> "$name.stderr")
	status=$?
	cat "$out/$name.stderr"
	echo "  (exit status $status)"
	if grep -Eq "^BUG: $det(: |$)|^$det: [a-z-]+ in " "$out/$name.stderr"; then
		caught=$((caught + 1))
	else
		missed="$missed $name"
	fi
}

for src in "$here"/*.c; do
	run_one "$src" KASAN "" --ksan-cc="$cc" --ksan-mode="$mode"
done
# leak examples: generic KASAN's leak detector at exit ("BUG: memory leak")
for src in "$here"/leak/*.c; do
	[ -e "$src" ] || continue
	run_one "$src" "memory leak" "" --ksan-cc="$cc" --ksan-mode="$mode"
done
# KMSAN examples: clang only (its -fsanitize=kernel-memory), whatever KSAN_CC says
for src in "$here"/kmsan/*.c; do
	[ -e "$src" ] || continue
	if ! command -v clang > /dev/null 2>&1; then
		skipped="$skipped $(basename "$src" .c)"
		continue
	fi
	run_one "$src" KMSAN "--ksan-cc=clang --ksan=kmsan" --ksan-cc=clang --ksan=kmsan
done
# KCSAN examples: the race detector (sampled: the example does enough work
# that the default sampling catches its race)
for src in "$here"/kcsan/*.c; do
	[ -e "$src" ] || continue
	run_one "$src" KCSAN "--ksan=kcsan" --ksan-cc="$cc" --ksan=kcsan -pthread
done
if [ -n "$skipped" ]; then
	echo
	echo "(not run, they need clang for KMSAN:$skipped)"
fi
echo
echo "$n examples, $caught bugs caught"
if [ -n "$missed" ]; then
	echo "no report from:$missed" >&2
	exit 1
fi
exit 0
