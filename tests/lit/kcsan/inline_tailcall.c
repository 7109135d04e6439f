// clang 14 with ksan-opt (--ksan-opt): where KCSAN's inline fast path keeps
// the countdown in a register, it reads kcsan_tls again after each call
// (tools/ksan-opt/KcsanInline.cpp), but not after a call the function
// returns from at once: a tail call stays one (a musttail call must: a
// load between it and the return is a fatal error in clang's back end),
// and the program runs (a tail call through 100000 frames).
// REQUIRES: ksan-opt
// RUN: %kcsan_cc --ksan-opt -g -O2 -S -o - %s | FileCheck %s --check-prefix=ASM
// RUN: %kcsan_cc --ksan-opt -g -O2 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=OUT --implicit-check-not=KCSAN
#include <stdio.h>

long g[4];

__attribute__((noinline)) long down(long i);

__attribute__((noinline)) long step(long i)
{
	g[0] += i;
	__attribute__((musttail)) return down(i);
}

__attribute__((noinline)) long down(long i)
{
	if (i == 0)
		return g[0];
	g[1] = i;
	return step(i - 1);
}

int main(void)
{
	printf("sum %ld\n", down(100000));
	return 0;
}

// ASM-LABEL: {{^}}step:
// ASM: kcsan_tls
// ASM: jmp down{{.*}}# TAILCALL
// ASM-LABEL: {{^}}down:
// ASM: jmp step{{.*}}# TAILCALL
// OUT: {{^}}sum 4999950000{{$}}
// OUT: {{^}}STATUS: exit 0{{$}}
