// Without /proc, what cannot be done is said once: a trace on a stack the runtime cannot bound (switched to by hand: neither a thread's own, a user context's nor a signal stack) ends at its first frame, and one line says so, however many reports follow; with /proc the same reports have the frames on that stack and no such line.
// RUN: %ksan_cc -g -O1 %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=PROC --implicit-check-not=/proc
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=NOPROC
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=ksan
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static int bad;

__attribute__((noinline)) void poke(volatile char *p, int i)
{
	p[i] = 1;
}

__attribute__((noinline)) void on_stack(void)
{
	char *p = malloc(16);

	poke(p, bad ? 16 : 0);
	((volatile char *)p)[bad ? 17 : 1] = 2;	/* a second report */
	free(p);
}

/* Calls on_stack on the stack that ends at top, as a coroutine library
 * would: no swapcontext for the runtime to see. */
__attribute__((noinline)) void run_on(char *top)
{
	__asm__ volatile("mov %%rsp, %%rbx\n\t"
			 "mov %0, %%rsp\n\t"
			 "call on_stack\n\t"
			 "mov %%rbx, %%rsp"
			 : : "r"(top)
			 : "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
			   "r11", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
			   "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
			   "xmm14", "xmm15", "memory", "cc");
}

int main(int argc, char **argv)
{
	size_t size = 256 << 10;
	char *stack = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	bad = argc > 1 && !strcmp(argv[1], "bad");
	run_on(stack + size - 64);
	printf("done\n");
	return 0;
}

// PROC: {{^}}BUG: KASAN: slab-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PROC: {{^}}Call Trace:{{$}}
// PROC-NEXT: {{^}} poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:15{{$}}
// PROC-NEXT: {{^}} on_stack+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:22{{$}}
// PROC: {{^}}BUG: KASAN: slab-out-of-bounds in on_stack+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PROC: {{^}}Call Trace:{{$}}
// PROC-NEXT: {{^}} on_stack+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:23{{$}}
// PROC: {{^}}done{{$}}
// PROC-NEXT: STATUS: exit 0{{$}}

// NOPROC: {{^}}ksan: /proc is not mounted: a stack that is neither a thread's own nor a signal stack has unknown bounds: its traces end at the first frame{{$}}
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}BUG: KASAN: slab-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}Call Trace:{{$}}
// NOPROC-NEXT: {{^}} poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:15{{$}}
// NOPROC-EMPTY:
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}BUG: KASAN: slab-out-of-bounds in on_stack+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NOPROC: {{^}}Call Trace:{{$}}
// NOPROC-NEXT: {{^}} on_stack+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}notice.c:23{{$}}
// NOPROC-EMPTY:
// NOPROC-NOT: /proc is not mounted
// NOPROC: {{^}}done{{$}}
// NOPROC-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: x86 assembly (the stack switch that runs the check on a foreign stack).
// UNSUPPORTED: aarch64
