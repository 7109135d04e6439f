// User contexts (makecontext/swapcontext/setcontext): coroutines on heap, static and on-stack stacks call functions with stack arrays, swap back and forth, are abandoned with live frames or end through uc_link, and their stack memory is reused as data: no false report, no stale poison; a stack overflow on a coroutine's stack is still reported, naming its frame; a context's full uc_sigmask does not block ksan's SIGSEGV.
// RUN: %ksan_cc -O0 %s -o %t0
// RUN: %ksan_cc -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %run %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t0 overflow 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: bash %S/../Inputs/status.sh %run %t2 overflow 2>&1 | FileCheck %s --check-prefix=OVF
// Linked -static: swapcontext_static.test.
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#define STACK (256 << 10)

static ucontext_t main_ctx, co_ctx;
static char static_stack[STACK];
static volatile int idx, overflow, armed;
static volatile long total;

__attribute__((noinline)) static long work(int n)
{
	char buf[1000];		/* red zones on the coroutine's stack */
	long s = 0;
	int i;

	memset(buf, n, sizeof(buf));
	if (armed && n == 1)
		buf[sizeof(buf) + idx] = 1;	/* stack-buffer-overflow */
	for (i = 0; i < (int)sizeof(buf); i += 100)
		s += buf[i];
	return s;
}

/* Yields to main three times from inside nested frames, then returns
 * (through uc_link) or is abandoned (mode 1: never resumed). */
__attribute__((noinline)) static void nested_yield(int depth)
{
	char pad[300];

	memset(pad, depth, sizeof(pad));
	if (depth)
		nested_yield(depth - 1);
	else
		swapcontext(&co_ctx, &main_ctx);
	total += pad[depth];
}

static void coroutine(int mode, int rounds)
{
	int i;

	for (i = 0; i < rounds; i++) {
		total += work(i);
		swapcontext(&co_ctx, &main_ctx);	/* yield */
	}
	if (mode == 1)
		nested_yield(4);	/* leaves live frames: abandoned */
	if (mode == 2) {
		sigset_t cur;

		/* this context runs under a full uc_sigmask: fresh memory */
		char *m = mmap(0, 32 << 20, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		m[(32 << 20) - 1] = 1;
		m[16 << 20] = 2;
		total += m[(32 << 20) - 1] + m[16 << 20] + work(9);
		sigprocmask(SIG_BLOCK, 0, &cur);
		if (!sigismember(&cur, SIGSEGV))
			printf("coroutine does not see its full mask\n");
		munmap(m, 32 << 20);
		setcontext(&main_ctx);	/* leaves for good */
	}
}

static void run(char *stack, size_t size, int mode, int rounds)
{
	int i;

	getcontext(&co_ctx);
	co_ctx.uc_stack.ss_sp = stack;
	co_ctx.uc_stack.ss_size = size;
	co_ctx.uc_link = mode == 0 ? &main_ctx : 0;
	if (mode == 2)
		sigfillset(&co_ctx.uc_sigmask);
	makecontext(&co_ctx, (void (*)(void))coroutine, 2, mode, rounds);
	for (i = 0; i <= rounds; i++) {
		total += work(100 + i);		/* main's own frames in between */
		if (mode == 2 && i == rounds) {
			swapcontext(&main_ctx, &co_ctx);	/* ends by setcontext */
			break;
		}
		if (swapcontext(&main_ctx, &co_ctx))
			abort();
	}
	/* the coroutine is done or abandoned: its stack is plain memory again */
	memset(stack, 0x5a, size);
	for (i = 0; i < (int)size; i += 4096)
		total += stack[i];
}

__attribute__((noinline)) static void on_main_stack(void)
{
	char stack[STACK + 64];

	run(stack + 32, STACK, 1, 2);
	run(stack + 32, STACK, 0, 3);
}

int main(int argc, char **argv)
{
	sigset_t cur;
	char *heap = malloc(STACK);

	overflow = argc > 1 && !strcmp(argv[1], "overflow");
	run(heap, STACK, 0, 3);
	run(heap, STACK, 1, 3);
	free(heap);
	heap = malloc(STACK);
	run(heap, STACK, 2, 2);
	run(static_stack, STACK, 1, 1);
	armed = overflow;	/* a coroutine on a static stack overflows */
	run(static_stack, STACK, 0, 2);
	on_main_stack();
	free(heap);
	sigprocmask(SIG_BLOCK, 0, &cur);
	printf("done %d\n", sigismember(&cur, SIGSEGV));
	return 0;
}

// OK-NOT: does not see
// OK: done 0
// OK-NEXT: STATUS: exit 0{{$}}

// OVF: BUG: KASAN: stack-out-of-bounds in work
// OVF: Write of size 1 at addr
// OVF: work+
// OVF: coroutine+
// OVF: The buggy address belongs to stack of task
// OVF: 'buf'
// OVF: STATUS: exit 1{{$}}
