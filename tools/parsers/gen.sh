#!/bin/bash
# gen.sh OUTDIR: builds tools/parsers/corpus with ksan (this tree's build/)
# and with the compiler-rt sanitizers for reference, and writes one report
# per file: <bug>.kasan.txt (kernel layout), <bug>.asan.txt (asan layout),
# ref-<tool>-<bug>.asan.txt (ASan, MSan, TSan, UBSan's own report).  Feed
# the .kasan.txt files to syzkaller's pkg/report and the .asan.txt files to
# ClusterFuzz's stack_analyzer (docs/parsers.md), or check the rules with
# check_rules.py.  x86-64, gcc and clang.
set -u
here=$(cd "$(dirname "$0")" && pwd)
R=${KSAN_ROOT:-$(dirname "$(dirname "$here")")}
K=$R/build/bin/ksan-cc
C=$here/corpus
UB=$R/tests/lit/ubsan/Inputs/ub.c
LEAKSRC=$R/tests/lit/kmsan/kunit_infoleak.c
O=${1:?usage: gen.sh OUTDIR}
mkdir -p "$O"
run() {	# run <name> <env and command...>: the output in OUTDIR/<name>.txt
	local n=$1
	shift
	timeout 60 env "$@" > "$O/$n.txt" 2>&1
}
PP=-fsanitize=pointer-compare,pointer-subtract
$K --ksan-cc=gcc --ksan-mode=inline --ksan-uar -g -O0 $PP -DKSAN_POOL -I$R/include \
	$C/kasan_bugs.c -o $O/kasan_bugs
clang -fsanitize=address $PP -g -O0 $C/kasan_bugs.c -o $O/asan_bugs
for b in oob oobr uaf uafbig global stack alloca scope dfree ifree null wild wildgpf overlap uar poison \
	calloc so rarray pvalloc aligned memalign posix toobig ptrpair pool; do
	for f in kasan asan; do
		run kasan-$b.$f KSAN_OPTIONS=report_format=$f:detect_stack_use_after_return=1:detect_invalid_pointer_pairs=1 \
			$O/kasan_bugs $b
	done
	[ $b = pool ] && continue	# ASan has no pool API
	run ref-asan-$b.asan ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=1:detect_invalid_pointer_pairs=1 \
		$O/asan_bugs $b
done
# type confusion (ksan's own check, no ASan report): the typeconf test's program
$K --ksan-cc=gcc -g -O1 $R/tests/lit/typeconf/callback.c -o $O/typeconf
for f in kasan asan; do run kasan-typeconf.$f KSAN_OPTIONS=report_format=$f $O/typeconf wrong; done
gcc -g -O0 -I$C $C/kfence_bugs.c -o $O/kfence_bugs
clang -fsanitize=address -DREF -g -O0 $C/kfence_bugs.c -o $O/asan_kfence_bugs
for b in oobr oobw oobl oob4 uafr uafw corrupt dfree ifree; do
	for f in kasan asan; do
		run kfence-$b.$f LD_PRELOAD=$R/build/lib/libksan-kfence.so \
			KSAN_OPTIONS=kfence_sample_every=1:report_format=$f $O/kfence_bugs $b
	done
	run ref-asan-kfence-$b.asan ASAN_OPTIONS=detect_leaks=0 $O/asan_kfence_bugs $b
done
$K --ksan-cc=gcc --ksan-mode=inline -g -O1 $C/leak.c -o $O/leak
clang -fsanitize=address -g -O1 $C/leak.c -o $O/asan_leak
for f in kasan asan; do run leak.$f KSAN_OPTIONS=report_format=$f $O/leak; done
run ref-asan-leak.asan $O/asan_leak
$K --ksan-cc=clang --ksan=kmsan -g -O0 $LEAKSRC -o $O/kmsan_leak
clang -fsanitize=memory -g -O0 $LEAKSRC -o $O/msan_leak
for b in stack heap freed; do
	for f in kasan asan; do run kmsan-infoleak-$b.$f KSAN_OPTIONS=report_format=$f $O/kmsan_leak $b; done
	run ref-msan-infoleak-$b.asan $O/msan_leak $b
done
$K --ksan-cc=clang --ksan=kmsan -g -O1 $C/uninit.c -o $O/kmsan_uninit
clang -fsanitize=memory -g -O1 $C/uninit.c -o $O/msan_uninit
for f in kasan asan; do run kmsan-uninit.$f KSAN_OPTIONS=report_format=$f $O/kmsan_uninit; done
run ref-msan-uninit.asan $O/msan_uninit
$K --ksan-cc=gcc --ksan=kcsan -g -O1 $C/race.c -o $O/race -pthread
gcc -fsanitize=thread -g -O1 $C/race.c -o $O/tsan_race
for f in kasan asan; do
	run kcsan-race.$f KSAN_OPTIONS=kcsan_skip_watch=0:report_format=$f:halt_on_error=1 $O/race
done
run ref-tsan-race.asan TSAN_OPTIONS=halt_on_error=1 $O/tsan_race
$K --ksan-cc=gcc --ksan=ubsan -g -O0 $UB -o $O/ub
clang -fsanitize=undefined -g -O0 $UB -o $O/ubsan_ub
for b in add shift_big bounds misaligned load_bool null_load div0; do
	for f in kasan asan; do
		run ubsan-$b.$f KSAN_OPTIONS=report_format=$f:halt_on_error=1:print_stacktrace=1 $O/ub $b
	done
	run ref-ubsan-$b.asan UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 $O/ubsan_ub $b
done
