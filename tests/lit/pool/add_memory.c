// Memory given to ksan_pool_add_memory() reads as slab-out-of-bounds until handed out, described by the pool's nearest object ("oob"); with an object size, a slot's bytes past the requested size are red zone too ("tail": 0 bytes to the right of the 40-byte object, cache of size 64); giving memory again (an arena's reset) forgets the objects in it, so a free of an old object is then an invalid-free, not a double-free ("reset"); objects packed 12 bytes apart share granules, and a freed one is caught in its own granule while its live neighbours are read and written whole ("packed").  "good" is the silent twin: every live byte read and written.  kasan and json layouts.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t oob 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t oob 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON-OOB
// RUN: bash %S/../Inputs/status.sh %run %t tail 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: bash %S/../Inputs/status.sh %run %t reset 2>&1 | FileCheck %s --check-prefix=RESET
// RUN: bash %S/../Inputs/status.sh %run %t packed 2>&1 | FileCheck %s --check-prefix=PACKED
// RUN: bash %S/../Inputs/status.sh %run %t good 2>&1 | FileCheck %s --check-prefix=GOOD --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

/* Reads d[from..to) one byte at a time, out of the compiler's sight. */
__attribute__((noinline)) static int sum(const char *d, int from, int to)
{
	int i, s = 0;

	for (i = from; i < to; i++)
		s += d[i];
	return s;
}

__attribute__((noinline)) static void fill(char *d, int from, int to)
{
	int i;

	for (i = from; i < to; i++)
		d[i] = (char)i;
}

int main(int argc, char **argv)
{
	char *arena = malloc(1024), *packed = malloc(120);
	struct ksan_pool *p = KSAN_POOL_CREATE("rec_pool", 64, NULL, NULL);
	struct ksan_pool *q = KSAN_POOL_CREATE("tiny_pool", 12, NULL, NULL);
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	KSAN_POOL_ADD_MEMORY(p, arena, 1024);
	KSAN_POOL_ALLOC(p, arena, 64);
	KSAN_POOL_ALLOC(p, arena + 64, 40);
	fill(arena, 0, 64);
	fill(arena + 64, 0, 40);
	if (!strcmp(argv[1], "oob"))
		printf("sum %d\n", sum(arena, 0, 200));
	if (!strcmp(argv[1], "tail"))
		printf("sum %d\n", sum(arena + 64, 0, 41));
	if (!strcmp(argv[1], "reset")) {
		KSAN_POOL_ADD_MEMORY(p, arena, 1024);	/* start over */
		KSAN_POOL_FREE(p, arena + 64);
	}
	KSAN_POOL_ADD_MEMORY(q, packed, 120);
	for (i = 10; i-- > 0;)		/* a granule's later object first */
		KSAN_POOL_ALLOC(q, packed + 12 * i, 12);
	KSAN_POOL_FREE(q, packed + 24);		/* [24, 36): granule [24, 32) is its own */
	fill(packed, 0, 24);
	fill(packed, 36, 120);
	printf("live %d %d\n", sum(packed, 0, 24), sum(packed, 36, 120));
	if (!strcmp(argv[1], "packed"))
		printf("freed %d\n", sum(packed, 24, 25));
	for (i = 0; i < 10; i++)
		if (i != 2)
			KSAN_POOL_FREE(q, packed + 12 * i);
	KSAN_POOL_DESTROY(q);
	if (strcmp(argv[1], "reset")) {
		KSAN_POOL_FREE(p, arena);
		KSAN_POOL_FREE(p, arena + 64);
	}
	KSAN_POOL_DESTROY(p);
	free(packed);
	free(arena);
	printf("done\n");
	return 0;
}

// OOB: {{^}}BUG: KASAN: slab-out-of-bounds in sum+
// OOB-NEXT: {{^}}Read of size 1 at addr
// OOB: {{^}}The buggy address belongs to the object at 0x
// OOB-NEXT: {{^}} which belongs to the cache rec_pool of size 64{{$}}
// OOB-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// OOB-NEXT: {{^}} 40-byte region
// OOB: STATUS: exit 1{{$}}

// JSON-OOB-NOT: JSON ERROR
// JSON-OOB: {{^}}report type=slab-out-of-bounds asan_type=heap-buffer-overflow access=read size=1 top=sum object=allocated/40 cache=rec_pool/64 right 0 addr_ok=1 alloc0=ksan_pool_alloc{{$}}

// TAIL: {{^}}BUG: KASAN: slab-out-of-bounds in sum+
// TAIL: {{^}} which belongs to the cache rec_pool of size 64{{$}}
// TAIL-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// TAIL-NEXT: {{^}} 40-byte region
// TAIL: STATUS: exit 1{{$}}

// RESET: {{^}}BUG: KASAN: invalid-free in main+
// RESET: {{^}}The buggy address was not handed out by the cache rec_pool{{$}}
// RESET: STATUS: exit 1{{$}}

// PACKED: {{^}}live {{-?[0-9]+}} {{-?[0-9]+}}{{$}}
// PACKED-NEXT: {{^}}={{=+}}{{$}}
// PACKED-NEXT: {{^}}BUG: KASAN: slab-use-after-free in sum+
// PACKED: {{^}}Freed by task
// PACKED: {{^}} which belongs to the cache tiny_pool of size 12{{$}}
// PACKED-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// PACKED-NEXT: {{^}} 12-byte region
// PACKED: STATUS: exit 1{{$}}

// GOOD: {{^}}live {{-?[0-9]+}} {{-?[0-9]+}}{{$}}
// GOOD-NEXT: {{^}}done{{$}}
// GOOD-NEXT: STATUS: exit 0{{$}}
