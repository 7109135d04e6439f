// A stray write through a pointer computed as (p >> 3) + 0x7fff8000 (into the live shadow of a freed object) is reported as wild-memory-access instead of silently clearing the poison; a program that skips the fault with its own handler still gets the later use-after-free reported; the correct twin is silent.
// RUN: %ksan_cc -O0 %s -o %t0
// RUN: %ksan_cc -O1 %s -o %t1
// RUN: bash %S/../Inputs/status.sh %run %t0 stray 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t1 stray 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t0 skip 2>&1 | FileCheck %s --check-prefix=SKIP
// RUN: bash %S/../Inputs/status.sh %run %t1 skip 2>&1 | FileCheck %s --check-prefix=SKIP
// RUN: bash %S/../Inputs/status.sh %run %t1 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static sigjmp_buf env;
char *volatile sink;

__attribute__((noinline)) void clear_shadow(char *s)
{
	s[0] = 0;
	s[1] = 0;
}

static void on_segv(int sig)
{
	static const char msg[] = "own handler: stray write faulted\n";

	if (write(2, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	siglongjmp(env, sig);
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(16);
	char *s = (char *)(((uintptr_t)p >> 3) + 0x7fff8000);

	p[0] = 1;
	free(p);
	if (!strcmp(argv[1], "stray"))
		clear_shadow(s);
	if (!strcmp(argv[1], "skip")) {
		signal(SIGSEGV, on_segv);
		if (!sigsetjmp(env, 1))
			clear_shadow(s);
		signal(SIGSEGV, SIG_DFL);
		printf("after: %d\n", p[0]);	/* use-after-free */
	}
	if (!strcmp(argv[1], "ok")) {
		void *q = malloc(8);

		printf("ok %p\n", q);
		free(q);
	}
	return 0;
}

// CHECK: {{^(BUG: KASAN: wild-memory-access in clear_shadow\+0x[0-9a-f]+/0x[0-9a-f]+|general protection fault: 0000 \[#1\] KASAN)$}}
// CHECK-NEXT: {{^(Write( of size 1)? at addr [0-9a-f]+ by task|KASAN: wild-memory-access in range \[0x[0-9a-f]+-0x[0-9a-f]+\])}}
// CHECK: {{^}} clear_shadow+0x{{.*}}shadow_write.c:22{{$}}
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// SKIP: own handler: stray write faulted
// SKIP-NEXT: {{^}}=================================================================={{$}}
// SKIP-NEXT: {{^}}BUG: KASAN: slab-use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SKIP: STATUS: exit 1{{$}}

// OK: ok 0x
// OK-NEXT: STATUS: exit 0{{$}}
