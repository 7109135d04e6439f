// Without /proc: reports from and about threads are the same as with /proc: the reporting thread's name, its full stack, and whose stack a stack address belongs to (a thread's own, the main thread's own, the main thread's from another thread), with the frame and variable; the correct twin is silent.  The main thread's bounds come from its initial stack and RLIMIT_STACK (glibc's own rule), or from glibc when the stack is unlimited: the same reports with a larger limit and an unlimited one.
// RUN: %ksan_cc -g -O1 %s -o %t -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t heap 2>&1 | FileCheck %s --check-prefixes=HEAP,HEAP-%arch --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t heap 2>&1 | FileCheck %s --check-prefixes=HEAP,HEAP-%arch --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh %run %t own 2>&1 | FileCheck %s --check-prefixes=STACK,OWN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t own 2>&1 | FileCheck %s --check-prefixes=STACK,OWN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh %run %t main 2>&1 | FileCheck %s --check-prefixes=STACK,MAIN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t main 2>&1 | FileCheck %s --check-prefixes=STACK,MAIN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh %run %t mainown 2>&1 | FileCheck %s --check-prefixes=STACK,MAINOWN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash -c 'ulimit -s unlimited; exec "$@"' - %run %t main 2>&1 | FileCheck %s --check-prefixes=STACK,MAIN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash -c 'ulimit -s unlimited; exec "$@"' - %run %t mainown 2>&1 | FileCheck %s --check-prefixes=STACK,MAINOWN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash -c 'ulimit -s 100000; exec "$@"' - %run %t main 2>&1 | FileCheck %s --check-prefixes=STACK,MAIN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash -c 'ulimit -s 100000; exec "$@"' - %run %t mainown 2>&1 | FileCheck %s --check-prefixes=STACK,MAINOWN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t mainown 2>&1 | FileCheck %s --check-prefixes=STACK,MAINOWN --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=ksan
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *what;
static char *volatile target;	/* a stack buffer of the main thread */

__attribute__((noinline)) void poke(volatile char *p, int i)
{
	p[i] = 1;
}

__attribute__((noinline)) void worker_body(void)
{
	char local[32];

	memset(local, 0, sizeof(local));
	if (!strcmp(what, "heap")) {
		char *p = malloc(16);

		poke(p, 16);
		free(p);
	} else if (!strcmp(what, "own")) {
		poke(local, 32);
		__asm__ volatile("# own" ::: "memory");	/* no call merging */
	} else if (!strcmp(what, "main")) {
		poke(target, 32);
		__asm__ volatile("# main" ::: "memory");
	} else {
		poke(local, 31);
	}
}

static void *worker(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "worker");
	worker_body();
	return 0;
}

__attribute__((noinline)) void main_body(void)
{
	char frame_of_main[32];
	pthread_t t;

	memset(frame_of_main, 0, sizeof(frame_of_main));
	target = frame_of_main;
	poke(frame_of_main, strcmp(what, "mainown") ? 31 : 32);
	pthread_create(&t, 0, worker, 0);
	pthread_join(t, 0);
}

int main(int argc, char **argv)
{
	what = argc > 1 ? argv[1] : "ok";
	main_body();
	printf("done\n");
	return 0;
}

// HEAP: {{^}}BUG: KASAN: slab-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// HEAP-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task worker/[[TID:[0-9]+]]{{$}}
// HEAP: {{^}}Call Trace:{{$}}
// HEAP-NEXT: {{^}} poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:28{{$}}
// HEAP-NEXT: {{^}} worker_body+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:39{{$}}
// HEAP-NEXT: {{^}} worker+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:56{{$}}
// HEAP-x86_64-NEXT: {{^}} start_thread
// HEAP-x86_64-EMPTY:
// aarch64's cross C library names neither start_thread nor thread_start (the clone frame)
// HEAP-aarch64-NEXT: {{^}} 0x{{[0-9a-f]+}} ({{.*}}libc.so.6+0x{{[0-9a-f]+}}){{$}}
// HEAP-aarch64-NEXT: {{^}} 0x{{[0-9a-f]+}} ({{.*}}libc.so.6+0x{{[0-9a-f]+}}){{$}}
// HEAP-aarch64-EMPTY:
// HEAP: {{^}}Task worker/[[TID]] was created by task {{[0-9]+}}:{{$}}
// HEAP-NEXT: {{^}} pthread_create{{$}}
// HEAP-NEXT: {{^}} main_body+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:68{{$}}
// HEAP-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:75{{$}}
// HEAP: {{^}}Allocated by task [[TID]]:{{$}}
// HEAP-NEXT: {{^}} malloc{{$}}
// HEAP-NEXT: {{^}} worker_body+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:37{{$}}
// HEAP-NEXT: {{^}} worker+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:56{{$}}
// HEAP: STATUS: exit 1{{$}}

// STACK: {{^}}BUG: KASAN: stack-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// OWN-NEXT: {{^}}Write of size 1 at addr {{[0-9a-f]+}} by task worker/[[TID:[0-9]+]]{{$}}
// MAIN-NEXT: {{^}}Write of size 1 at addr {{[0-9a-f]+}} by task worker/{{[0-9]+}}{{$}}
// MAINOWN-NEXT: {{^}}Write of size 1 at addr {{[0-9a-f]+}} by task {{(thread.c.tmp|qemu-aarch64)}}/[[TID:[0-9]+]]{{$}}
// STACK: {{^}}Call Trace:{{$}}
// STACK-NEXT: {{^}} poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:28{{$}}
// OWN-NEXT: {{^}} worker_body+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:42{{$}}
// MAIN-NEXT: {{^}} worker_body+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:45{{$}}
// MAINOWN-NEXT: {{^}} main_body+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:67{{$}}
// MAINOWN-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}thread.c:75{{$}}
// OWN: {{^}}The buggy address belongs to stack of task worker/[[TID]]{{$}}
// MAIN: {{^}}The buggy address belongs to stack of task {{(thread.c.tmp|qemu-aarch64)}}/{{[0-9]+}}{{$}}
// MAINOWN: {{^}}The buggy address belongs to stack of task {{(thread.c.tmp|qemu-aarch64)}}/[[TID]]{{$}}
// STACK-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// OWN-NEXT: {{^}} worker_body{{$}}
// MAIN-NEXT: {{^}} main_body{{$}}
// MAINOWN-NEXT: {{^}} main_body{{$}}
// STACK: This frame has {{[12]}} object(s):
// OWN: 'local'
// MAIN: 'frame_of_main'
// MAINOWN: 'frame_of_main'
// STACK: STATUS: exit 1{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
