#!/usr/bin/env bash
# The A64 load/store decoder (insn_a64.c) against insn_a64_test.c's table
# of real encodings, built for the host (the decoder is pure C); then, with
# aarch64-linux-gnu-as, the table's words checked against the assembler's
# encoding of the text beside each (one more check; skipped without it).
set -u -o pipefail
B=${1:-build}
cd "$(dirname "$0")/../.."
B=$(cd "$B" && pwd)
out=$B/unit/insn_a64
mkdir -p "$out"
if ! ${CC:-cc} -O1 -Wall -o "$out/test" tests/unit/insn_a64_test.c src/port/linux/fault/insn_a64.c 2> "$out/build.log"; then
	n=$(grep -c '^	{ 0x' tests/unit/insn_a64_test.c)
	echo "PLAN: $((n + 1))"
	for i in $(seq $((n + 1))); do echo "FAIL: insn_a64: build: $(head -2 "$out/build.log" | tr '\n' ' ')"; done
	exit 0
fi
"$out/test" | awk '/^PLAN:/ { print "PLAN: " $2 + 1; next } { print }'
if ! command -v aarch64-linux-gnu-as > /dev/null; then
	echo "SKIP: insn_a64: no aarch64-linux-gnu-as to check the table's encodings"
	exit 0
fi
sed -n 's/^	{ 0x\([0-9a-f]*\), .*, "\(.*\)" },$/\1	\2/p' tests/unit/insn_a64_test.c > "$out/table.txt"
cut -f2 "$out/table.txt" | sed 's/^/	/' > "$out/table.s"
if aarch64-linux-gnu-as -march=armv8.5-a+memtag+sve -o "$out/table.o" "$out/table.s" 2> "$out/as.log" &&
	aarch64-linux-gnu-objdump -d "$out/table.o" | sed -n 's/^ *[0-9a-f]*:	\([0-9a-f]\{8\}\) .*/\1/p' > "$out/as.txt" &&
	diff <(cut -f1 "$out/table.txt") "$out/as.txt" > "$out/diff.txt"; then
	echo "PASS: insn_a64: the table's $(wc -l < "$out/as.txt") words are the assembler's"
else
	echo "FAIL: insn_a64: the table's words differ from the assembler's: $(head -4 "$out/as.log" "$out/diff.txt" | tr '\n' ' ')"
fi
exit 0
