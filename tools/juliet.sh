#!/bin/bash
# juliet.sh JULIET OUTDIR [PER_CWE] (or --summary OUTDIR): builds a sample
# of the NIST Juliet C/C++ 1.3 suite's C test cases of the memory CWEs
# (JULIET_CWES="CWE121 ..." for fewer) with this tree's ksan-cc and runs
# them, as research tools do: each test case with the suite's own main
# (-DINCLUDEMAIN), once with -DOMITGOOD (the bad function only: a report is
# a detection) and once with -DOMITBAD (the good functions only: a report
# is a false positive).  Not part of make check; docs/juliet.md has the
# rates and how to get the suite.  One core: builds and runs are serial.
#
# The sample: the C test cases of each CWE below (multi-file cases, the
# "a".."e" files, built together), sorted by name, every k-th so that at
# most PER_CWE (default 24) remain; without the ones that need Windows
# (w32) or a network peer (listen_socket/connect_socket: they block).
# KASAN (gcc and clang, -O0; knobs below) for all but CWE457, KMSAN (clang);
# leak detection off but for CWE401 (Juliet's good cases of the other CWEs
# leak, an incidental flaw research tools ignore too).
#
# Knobs: JULIET_OPT, the optimisation level (default -O0); JULIET_FLAGS,
# more ksan-cc words for every compile (e.g. --ksan-no-opt); JULIET_CCS,
# the compilers (default "gcc clang"; CWE457 runs only if clang is in it).
#
# OUTDIR/results.tsv: cwe, case, compiler, detected (1/0), false positive
# (1/0); OUTDIR/summary.txt the rates per CWE; OUTDIR/misses.txt the bad
# cases not detected, each with why (its input source: rand, fgets, fscanf,
# environment, file, not given or not deterministic; or a known reason) or
# "deterministic".
set -u
# why a miss is not one a detector can see, from the case's name
source_of() {
	case $1 in
	*_12) echo "flow variant 12 (rand)";;
	*__sizeof_*) echo "no overflow on LP64: sizeof(T *) == sizeof(T) == 8";;
	*CWE170*) echo "reads past the copy only if the uninitialised last byte is not 0";;
	*CWE680*fixed*) echo "no overflow on LP64: data * sizeof(int) is computed in 64 bits";;
	*CWE401*realloc_*) echo "leaks only when realloc fails";;
	*null_check_after_deref*) echo "nothing goes wrong: the pointer is never NULL";;
	*console*) echo "stdin";;
	*rand*) echo rand;;
	*fgets*) echo fgets;;
	*fscanf*) echo fscanf;;
	*environment*) echo environment;;
	*file*) echo file;;
	*) echo deterministic;;
	esac
}

summarize() {	# summarize OUTDIR: summary.txt and misses.txt from its results.tsv
	awk -F'\t' '{ k = $1 " " $3; n[k]++; d[k] += $4; f[k] += $5 }
		END { for (k in n) printf "%s detected %d/%d (%.1f%%) false positives %d/%d\n",
			k, d[k], n[k], 100 * d[k] / n[k], f[k], n[k] }' "$1/results.tsv" | sort > "$1/summary.txt"
	awk -F'\t' '$4 == 0 { print $1 "\t" $2 "\t" $3 }' "$1/results.tsv" |
		while IFS=$'\t' read -r cwe name cc; do
			printf '%s\t%s\t%s\t%s\n' $cwe "$name" $cc "$(source_of "$name")"
		done > "$1/misses.txt"
	cat "$1/summary.txt"
}

if [ "${1:-}" = --summary ]; then	# juliet.sh --summary OUTDIR: only the summary
	summarize "${2:?usage: juliet.sh --summary OUTDIR}"
	exit
fi
J=${1:?usage: juliet.sh JULIET OUTDIR [PER_CWE]}
O=${2:?usage: juliet.sh JULIET OUTDIR [PER_CWE]}
N=${3:-24}
here=$(cd "$(dirname "$0")" && pwd)
R=${KSAN_ROOT:-$(dirname "$here")}
K=$R/build/bin/ksan-cc
S=$J/testcasesupport
OPT=${JULIET_OPT:--O0}
FLAGS=${JULIET_FLAGS:-}
CCS=${JULIET_CCS:-"gcc clang"}
CWES=${JULIET_CWES:-"CWE121 CWE122 CWE124 CWE126 CWE127 CWE401 CWE415 CWE416 CWE457 CWE476 CWE590 CWE680 CWE761"}
mkdir -p "$O/bin"
: > "$O/results.tsv"
# a report of any detector, in the kernel layout
REPORT='^(BUG|WARNING): |^UBSAN: |^Crash signature: '

cases() {	# cases DIR: one test case a line, its files space-separated
	find "$1" -name '*.c' | grep -v -e w32 -e listen_socket -e connect_socket | sort |
		sed -E 's/^(.*_[0-9]{2})([a-e])\.c$/\1 &/; t; s/^(.*)\.c$/\1 &/' |
		awk '{ if ($1 != k) { if (k != "") print f; k = $1; f = $2 } else f = f " " $2 }
		     END { if (k != "") print f }'
}

# one object of the suite's io.c per compiler and detector
support() {	# support CC DETECTOR -> path of the object
	local o=$O/bin/io-$1-$2.o
	[ -f "$o" ] || $K --ksan-cc=$1 --ksan=$2 $FLAGS -g $OPT -I"$S" -c "$S/io.c" -o "$o" || return 1
	echo "$o"
}

for cwe in $CWES; do
	dir=$(echo "$J"/testcases/${cwe}_*)
	[ -d "$dir" ] || { echo "no $cwe in $J/testcases" >&2; continue; }
	det=kasan
	ccs=$CCS
	[ $cwe = CWE457 ] && { det=kmsan; ccs=$(echo " $CCS " | grep -ow clang); }
	# leaks count in CWE401 only: many good cases of the others leak on purpose
	opts=${KSAN_OPTIONS:-}${KSAN_OPTIONS:+:}detect_leaks=0
	[ $cwe = CWE401 ] && opts=${KSAN_OPTIONS:-}
	cases "$dir" > "$O/$cwe.cases"
	total=$(wc -l < "$O/$cwe.cases")
	step=$(( (total + N - 1) / N ))
	[ $step -lt 1 ] && step=1
	awk -v s=$step 'NR % s == 1 || s == 1' "$O/$cwe.cases" > "$O/$cwe.sample"
	while read -r files; do
		name=$(basename "${files%% *}" .c)
		name=${name%[a-e]}
		for cc in $ccs; do
			io=$(support $cc $det) || continue
			d=0
			fp=0
			for v in bad good; do
				omit=OMITGOOD
				[ $v = good ] && omit=OMITBAD
				b=$O/bin/$name-$cc-$v
				if ! $K --ksan-cc=$cc --ksan=$det $FLAGS -g $OPT -w -I"$S" -DINCLUDEMAIN -D$omit \
					$files "$io" "$S/std_thread.c" -o "$b" -lpthread -lm > "$b.build" 2>&1; then
					echo "build failed: $b" >&2
					continue
				fi
				KSAN_OPTIONS=$opts timeout 10 "$b" < /dev/null > "$b.out" 2>&1
				if grep -Eq "$REPORT" "$b.out"; then
					[ $v = bad ] && d=1 || fp=1
				fi
				rm -f "$b"
			done
			printf '%s\t%s\t%s\t%s\t%s\n' $cwe "$name" $cc $d $fp >> "$O/results.tsv"
		done
	done < "$O/$cwe.sample"
done

summarize "$O"
