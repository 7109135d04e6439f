// pool_quarantine_size: with a limit of two slots (128 bytes) the freed objects are released oldest first, each when the second after it is freed, inside that ksan_pool_free() call and before it returns; with 0, each is released inside its own free; a released object stays poisoned until it is handed out again, so a use after the release is still slab-use-after-free with its stacks ("late"); an allocator that hands a slot out again before its release and frees it again gets it back once, not twice ("misuse"); a value over the bound stops at start-up naming the key.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=pool_quarantine_size=128 bash %S/../Inputs/status.sh %run %t fifo 2>&1 | FileCheck %s --check-prefix=FIFO --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=0 bash %S/../Inputs/status.sh %run %t fifo 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=0 bash %S/../Inputs/status.sh %run %t late 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: env KSAN_OPTIONS=pool_quarantine_size=128 bash %S/../Inputs/status.sh %run %t misuse 2>&1 | FileCheck %s --check-prefix=MISUSE --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=1073741825 bash %S/../Inputs/status.sh %run %t fifo 2>&1 | FileCheck %s --check-prefix=BAD
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

static char *slot;

static int released[5];

static void release(void *obj, void *arg)
{
	long i = ((char *)obj - slot) / 64;

	released[i]++;
	printf("  released %ld\n", i);
}

int main(int argc, char **argv)
{
	struct ksan_pool *p = KSAN_POOL_CREATE("q_pool", 64, release, NULL);
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	slot = malloc(64 * 5);
	for (i = 0; i < 5; i++)
		KSAN_POOL_ALLOC(p, slot + 64 * i, 64);
	for (i = 0; i < 5; i++) {
		int r = KSAN_POOL_FREE(p, slot + 64 * i);

		printf("freed %d: %d\n", i, r);
	}
	if (!strcmp(argv[1], "late"))
		printf("read %d\n", slot[64 * 2 + 5]);
	if (!strcmp(argv[1], "misuse")) {
		/* an allocator that reuses slot 4 without waiting for its release,
		 * then frees it again: it is released once, not twice */
		KSAN_POOL_ALLOC(p, slot + 64 * 4, 64);
		KSAN_POOL_FREE(p, slot + 64 * 4);
	}
	printf("destroy\n");
	KSAN_POOL_DESTROY(p);
	printf("slot 4 released %d time(s)\n", released[4]);
	free(slot);
	return 0;
}

// FIFO: {{^}}freed 0: 0{{$}}
// FIFO-NEXT: {{^}}freed 1: 0{{$}}
// FIFO-NEXT: {{^}}  released 0{{$}}
// FIFO-NEXT: {{^}}freed 2: 0{{$}}
// FIFO-NEXT: {{^}}  released 1{{$}}
// FIFO-NEXT: {{^}}freed 3: 0{{$}}
// FIFO-NEXT: {{^}}  released 2{{$}}
// FIFO-NEXT: {{^}}freed 4: 0{{$}}
// FIFO-NEXT: {{^}}destroy{{$}}
// FIFO-NEXT: {{^}}  released 3{{$}}
// FIFO-NEXT: {{^}}  released 4{{$}}
// FIFO-NEXT: {{^}}slot 4 released 1 time(s){{$}}
// FIFO-NEXT: STATUS: exit 0{{$}}

// ZERO: {{^}}  released 0{{$}}
// ZERO-NEXT: {{^}}freed 0: 0{{$}}
// ZERO-NEXT: {{^}}  released 1{{$}}
// ZERO-NEXT: {{^}}freed 1: 0{{$}}
// ZERO: {{^}}  released 4{{$}}
// ZERO-NEXT: {{^}}freed 4: 0{{$}}
// ZERO-NEXT: {{^}}destroy{{$}}
// ZERO-NEXT: {{^}}slot 4 released 1 time(s){{$}}
// ZERO-NEXT: STATUS: exit 0{{$}}

// MISUSE: {{^}}freed 4: 0{{$}}
// MISUSE-NEXT: {{^}}  released 3{{$}}
// MISUSE-NEXT: {{^}}destroy{{$}}
// MISUSE-NEXT: {{^}}  released 4{{$}}
// MISUSE-NEXT: {{^}}slot 4 released 1 time(s){{$}}
// MISUSE-NEXT: STATUS: exit 0{{$}}

// LATE: {{^}}freed 4: 0{{$}}
// LATE-NEXT: {{^}}={{=+}}{{$}}
// LATE-NEXT: {{^}}BUG: KASAN: slab-use-after-free in main+
// LATE: {{^}}Freed by task
// LATE-NEXT: {{^}} ksan_pool_free{{$}}
// LATE: {{^}} which belongs to the cache q_pool of size 64{{$}}
// LATE-NEXT: {{^}}The buggy address is located 5 bytes inside of{{$}}
// LATE: STATUS: exit 1{{$}}

// BAD: {{^}}ksan: bad value for option 'pool_quarantine_size': '1073741825' (accepted: 0 to 1073741824 bytes){{$}}
// BAD-NEXT: STATUS: exit 1{{$}}
