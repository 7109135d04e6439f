#!/bin/bash
# juliet-compare.sh A B: compares two tools/juliet.sh output directories of
# the same sample (e.g. clang -O2 with ksan's check optimizer, A, and with
# --ksan-no-opt, B).  Prints, per CWE and compiler, the detections and false
# positives of each; every case whose detection or false positive differs;
# and, for each bad case detected in both, every difference in its first
# report: the bug type, the access (kind and size), where the address lies
# in its object (the "located ..." line and the one after it) and the first
# stack frame that names a source file:line.  Addresses, pids and code
# offsets differ between any two runs and are left out; cases marked
# "(rand)" take their path or data from rand(), seeded with the time.  Exit
# status 1 when B detects a case A misses (rand cases aside), or either has
# a false positive.
set -u
A=${1:?usage: juliet-compare.sh A B}
B=${2:?usage: juliet-compare.sh A B}

# fields OUT: the first report's four fields, tab-separated
fields() {
	awk '
	/^={60,}/ { if (n++ >= 2) exit; next }
	!t && /^(BUG: |UBSAN: |KASAN: )/ { t = $0; sub(/ in [^ ]+$/, "", t); sub(/^BUG: /, "", t); getline a
		sub(/ (at|of) addr [0-9a-f]+/, "", a); sub(/ by task .*/, "", a)
		if (a ~ /^CPU: /) a = ""	# a fault: no access line
		next }
	!l && /is located/ { l = $0; getline x; l = l " /" x; gsub(/0x[0-9a-f]+/, "", l) }
	/^Call Trace:/ { c = 1; next }
	c && !f && match($0, /[^ ]+:[0-9]+( \[inline\])?$/) { f = substr($0, RSTART, RLENGTH)
		sub(/ \[inline\]$/, "", f); sub(/.*\//, "", f) }
	/^$/ && c { c = 0 }
	END { printf "%s\t%s\t%s\t%s\n", t, a, l, f }' "$1"
}

# nondet NAME: " (rand)" when the case's path or data comes from rand(), which
# Juliet's main seeds with time(): two runs of one program may differ
nondet() {
	case $1 in *rand*|*_12) echo " (rand)";; esac
}

for d in "$A" "$B"; do
	awk -F'\t' '{ print $1 "\t" $3 "\t" $2 "\t" $4 "\t" $5 }' "$d/results.tsv" | sort > "$d/.keyed"
done
echo "CWE compiler: detected A, B; false positives A, B"
join -t$'\t' -j1 <(awk -F'\t' '{ print $3 "|" $2 "\t" $0 }' "$A/.keyed") \
	<(awk -F'\t' '{ print $3 "|" $2 "\t" $4 "\t" $5 }' "$B/.keyed") |
	awk -F'\t' '{ k = $2 " " $3; n[k]++; da[k] += $5; db[k] += $7; fa[k] += $6; fb[k] += $8
		if ($5 != $7 || $6 != $8) diff = diff sprintf("  %s %s: detected %d, %d; false positive %d, %d%s\n",
			$4, $3, $5, $7, $6, $8, $4 ~ /rand|_12$/ ? " (rand)" : "")
		if ($5 < $7 && $4 !~ /rand|_12$/) lost++
		F += $6 + $8 }
		END { for (k in n) printf "%s: %d/%d, %d/%d; %d, %d\n", k, da[k], n[k], db[k], n[k], fa[k], fb[k] | "sort"
			close("sort"); printf "cases that differ:\n%s", diff ? diff : "  none\n"
			exit (lost > 0 || F > 0) }'
st=$?
echo "first reports of the cases detected in both that differ:"
same=0
alld=0
while IFS=$'\t' read -r cwe cc name d fp; do
	[ "$d" = 1 ] || continue
	grep -q "^$cwe	$cc	$name	1	" "$B/.keyed" || continue
	alld=$((alld + 1))
	fa=$(fields "$A/bin/$name-$cc-bad.out")
	fb=$(fields "$B/bin/$name-$cc-bad.out")
	if [ "$fa" = "$fb" ]; then
		same=$((same + 1))
	else
		printf '  %s %s%s\n    A: %s\n    B: %s\n' "$name" "$cc" "$(nondet "$name")" "$fa" "$fb"
	fi
done < "$A/.keyed"
echo "the same: $same of $alld"
rm -f "$A/.keyed" "$B/.keyed"
exit $st
