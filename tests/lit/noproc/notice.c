// Without /proc, what cannot be done is said once: a trace on a stack the runtime cannot bound (a makecontext stack is neither a thread's own nor a signal stack) ends at its first frame, and one line says so, however many reports follow; with /proc the same reports have full traces and no such line.
// RUN: %ksan_cc -g -O1 %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %t bad 2>&1 | FileCheck %s --check-prefix=PROC --implicit-check-not=/proc
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %t bad 2>&1 | FileCheck %s --check-prefix=NOPROC
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=ksan
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

static ucontext_t main_ctx, ctx;
static int bad;

__attribute__((noinline)) void poke(volatile char *p, int i)
{
	p[i] = 1;
}

__attribute__((noinline)) void on_context(void)
{
	char *p = malloc(16);

	poke(p, bad ? 16 : 0);
	((volatile char *)p)[bad ? 17 : 1] = 2;	/* a second report */
	free(p);
}

int main(int argc, char **argv)
{
	size_t size = 256 << 10;
	char *stack = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	bad = argc > 1 && !strcmp(argv[1], "bad");
	getcontext(&ctx);
	ctx.uc_stack.ss_sp = stack;
	ctx.uc_stack.ss_size = size;
	ctx.uc_link = &main_ctx;
	makecontext(&ctx, on_context, 0);
	swapcontext(&main_ctx, &ctx);
	printf("done\n");
	return 0;
}

// PROC: {{^}}BUG: KASAN: slab-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PROC: {{^}}Call Trace:{{$}}
// PROC-NEXT: {{^}} poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:17{{$}}
// PROC-NEXT: {{^}} on_context+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:24{{$}}
// PROC: {{^}}BUG: KASAN: slab-out-of-bounds in on_context+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PROC: {{^}}Call Trace:{{$}}
// PROC-NEXT: {{^}} on_context+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:25{{$}}
// PROC: {{^}}done{{$}}
// PROC-NEXT: STATUS: exit 0{{$}}

// NOPROC: {{^}}ksan: /proc is not mounted: a stack that is neither a thread's own nor a signal stack has unknown bounds: its traces end at the first frame{{$}}
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}BUG: KASAN: slab-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}Call Trace:{{$}}
// NOPROC-NEXT: {{^}} poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:17{{$}}
// NOPROC-EMPTY:
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}BUG: KASAN: slab-out-of-bounds in on_context+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NOPROC: {{^}}Call Trace:{{$}}
// NOPROC-NEXT: {{^}} on_context+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:25{{$}}
// NOPROC-EMPTY:
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}done{{$}}
// NOPROC-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
