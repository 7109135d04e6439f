// While one thread stalls on a watchpoint, another thread's accesses to
// memory far from it (another 4 KiB page, another watchpoint slot) stay on
// the fast path: the check looks only at the slots its own address hashes
// to, as the kernel's find_watchpoint (issue 29).  The counter
// watchpoint_checks (kcsan_stats=1) counts the accesses that went to the
// slow check; thread A watches its variable without pause
// (kcsan_skip_watch=0), thread B makes marked reads and writes 8 pages
// away for 50 ms (and at least 200000 of each).
// Before the per-slot check nearly all of them were slow checks (400000
// and more); now at most a few, also when B's accesses are on A's page
// 512 bytes away ("page": the watchpoint counts are per 64-byte line, not
// per slot as the kernel's).  The same program with B writing A's
// variable still finds the race (plain write against A's watchpoint).
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_stats=1 %t far 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_stats=1 %t far 2>&1 | awk '/^watchpoint_checks:/ { print ($2 < 2000 ? "FEW" : "MANY " $2) }' | FileCheck %s --check-prefix=FEW
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_stats=1 %t page 2>&1 | awk '/^watchpoint_checks:/ { print ($2 < 2000 ? "FEW" : "MANY " $2) }' | FileCheck %s --check-prefix=FEW
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_stats=1 %t near 2>&1 | FileCheck %s --check-prefix=NEAR
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <ksan/ksan.h>

#define PAGE 4096
#define N 200000

static char buf[16 * PAGE] __attribute__((aligned(PAGE)));
static int a_started, b_done, near;
static long b_offset = 8 * PAGE;
volatile long sink;

__attribute__((noinline)) void watched_read(long *p) { sink = *p; }
__attribute__((noinline)) void far_read(volatile long *p) { p[1] = p[0]; }
__attribute__((noinline)) void near_write(long *p, long v) { *p = v; }

__attribute__((no_sanitize("thread"))) static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

__attribute__((no_sanitize("thread"))) static void *thread_a(void *arg)
{
	__atomic_store_n(&a_started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&b_done, __ATOMIC_ACQUIRE))
		watched_read((long *)buf);
	return 0;
}

__attribute__((no_sanitize("thread"))) static void *thread_b(void *arg)
{
	long i;

	double end;

	while (!__atomic_load_n(&a_started, __ATOMIC_ACQUIRE))
		;
	end = now() + 0.05;
	/* near: until the race is reported (a loaded machine may not run A
	 * for a while), at most 20 s */
	if (near)
		end += 20;
	for (i = 0; i < N || now() < end; i++) {
		if (near && !(i & 1023) && ksan_report_count())
			break;
		if (near)
			near_write((long *)buf, i);
		else
			far_read((volatile long *)(buf + b_offset));
	}
	__atomic_store_n(&b_done, 1, __ATOMIC_RELEASE);
	return 0;
}

__attribute__((no_sanitize("thread"))) int main(int argc, char **argv)
{
	pthread_t a, b;

	near = argc > 1 && !strcmp(argv[1], "near");
	if (argc > 1 && !strcmp(argv[1], "page"))
		b_offset = 512;	/* A's page, 8 cache lines away */
	pthread_create(&a, 0, thread_a, 0);
	pthread_create(&b, 0, thread_b, 0);
	pthread_join(b, 0);
	pthread_join(a, 0);
	printf("done\n");
	fflush(stdout);
	return 0;
}

// FAR-NOT: BUG: KCSAN
// FAR: {{^}}done{{$}}
// FAR: {{^}}setup_watchpoints: {{[1-9][0-9]*}}{{$}}
// FAR: {{^}}data_races: 0{{$}}
// FAR: {{^}}watchpoint_checks: {{[0-9]+}}{{$}}
// FEW: {{^}}FEW{{$}}
// NEAR: BUG: KCSAN: data-race in near_write / watched_read
// NEAR: {{^}}data_races: {{[1-9][0-9]*}}{{$}}
