// The quarantine is FIFO: with quarantine_size_mb=1, the first object freed comes back to malloc once 2 MiB more have been freed after it, while the last one freed is still held (its use after free is reported as slab-use-after-free of that object); with the default 256 MiB, nothing comes back.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=quarantine_size_mb=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=SMALL --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BIG --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=1 bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char *get(size_t n)
{
	sink = malloc(n);
	return sink;
}

__attribute__((noinline)) void put(char *p)
{
	sink = p;
	free(p);
}

static char *keep[20000];

int main(int argc, char **argv)
{
	char *first = get(64), *last = get(64);
	int i, first_back = 0, last_back = 0;

	put(first);			/* the oldest in the quarantine */
	for (i = 0; i < 512; i++)	/* 2 MiB freed after it */
		put(get(4000));
	put(last);			/* the newest */
	for (i = 0; i < 20000; i++) {
		keep[i] = get(64);
		first_back |= keep[i] == first;
		last_back |= keep[i] == last;
	}
	printf("first freed came back: %s\n", first_back ? "yes" : "no");
	printf("last freed came back: %s\n", last_back ? "yes" : "no");
	fflush(stdout);
	if (argc > 1 && !strcmp(argv[1], "uaf"))
		sink[0] = last[0];
	for (i = 0; i < 20000; i++)
		free(keep[i]);
	return 0;
}

// SMALL: first freed came back: yes
// SMALL-NEXT: last freed came back: no
// SMALL-NEXT: STATUS: exit 0{{$}}

// BIG: first freed came back: no
// BIG-NEXT: last freed came back: no
// BIG-NEXT: STATUS: exit 0{{$}}

// UAF: first freed came back: yes
// UAF-NEXT: last freed came back: no
// UAF: BUG: KASAN: slab-use-after-free in main
// UAF-NEXT: Read of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// UAF: Freed by task
// UAF: put+0x
// UAF: The buggy address belongs to the object at 0x[[ADDR]]
// UAF-NEXT: which belongs to the cache kmalloc-64 of size 64
// UAF-NEXT: The buggy address is located 0 bytes inside of
// UAF-NEXT: 64-byte region {{\[}}0x[[ADDR]],
// UAF: STATUS: exit 1{{$}}
