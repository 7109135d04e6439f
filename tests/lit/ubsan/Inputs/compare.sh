#!/bin/bash
# Builds ub.c with the compiler's own UBSan runtime and with ksan-cc, runs
# every check in both, and diffs the "file:line:col: runtime error: message"
# lines (addresses masked).  usage: compare.sh "CC..." "KSAN_CC..." SRC OUT [RUNNER...]
# (RUNNER: lit's %run, what runs a program of another architecture)
set -u
cc=$1 ksan=$2 src=$3 out=$4
shift 4
flags=$(bash "$(dirname "$0")/flags.sh" "$cc")
norm() { grep 'runtime error' | sed 's/0x[0-9a-f]\{6,\}/0xADDR/g'; }
$cc -O0 -g $flags "$src" -o "$out.ref" || exit 2
$ksan -O0 -g $flags "$src" -o "$out.ksan" || exit 2
for t in all null_load unreachable div0 divmin; do
	"$@" "$out.ref" $t 2>&1 | norm
done > "$out.ref.txt"
for t in all null_load unreachable div0 divmin; do
	KSAN_OPTIONS=report_format=asan "$@" "$out.ksan" $t 2>&1 | norm
done > "$out.ksan.txt"
echo "$(wc -l < "$out.ref.txt") messages from $cc's runtime"
diff "$out.ref.txt" "$out.ksan.txt" && echo "SAME"
