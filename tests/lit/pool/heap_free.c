// The heap freeing memory that holds pool objects forgets them: a pool whose buffer goes back to the heap without a destroy, and a cache whose objects are heap objects of their own given back to malloc, leave no stale records behind, so a later heap object at the same address is described as the heap's (kmalloc-256, kmalloc-64), not as the pool's old object ("buffer", "object"); while the pool's object lives on, it is the pool's ("live").
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t buffer 2>&1 | FileCheck %s --check-prefix=BUFFER
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t object 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t live 2>&1 | FileCheck %s --check-prefix=LIVE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

__attribute__((noinline)) static int peek(const char *p, int i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	struct ksan_pool *p = KSAN_POOL_CREATE("old_pool", 64, NULL, NULL);
	char *buf, *again;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "buffer")) {
		buf = malloc(256);
		KSAN_POOL_ADD_MEMORY(p, buf, 256);
		KSAN_POOL_ALLOC(p, buf + 192, 64);
		KSAN_POOL_FREE(p, buf + 192);
		free(buf);			/* no destroy: the heap's now */
		again = malloc(250);
		printf("same address %d\n", again == buf);
		return peek(again, 250);	/* past its end, at the old object */
	}
	buf = malloc(64);
	KSAN_POOL_ALLOC(p, buf, 40);
	if (!strcmp(argv[1], "live"))
		return peek(buf, 40);		/* the slot's tail: the pool's */
	KSAN_POOL_FREE(p, buf);
	KSAN_POOL_ALLOC(p, buf, 56);		/* a cache hands it out again... */
	KSAN_POOL_FREE(p, buf);
	free(buf);				/* ...then trims itself */
	again = malloc(48);
	printf("same address %d\n", again == buf);
	return peek(again, 50);
}

// BUFFER: {{^}}same address 1{{$}}
// BUFFER-NEXT: {{^}}={{=+}}{{$}}
// BUFFER-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in peek+
// BUFFER: {{^}}Allocated by task
// BUFFER-NEXT: {{^}} malloc{{$}}
// BUFFER-NOT: Freed by task
// BUFFER: {{^}} which belongs to the cache kmalloc-256 of size 256{{$}}
// BUFFER-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// BUFFER-NEXT: {{^}} 250-byte region
// BUFFER: STATUS: exit 1{{$}}

// OBJECT: {{^}}same address 1{{$}}
// OBJECT-NEXT: {{^}}={{=+}}{{$}}
// OBJECT-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in peek+
// OBJECT: {{^}}Allocated by task
// OBJECT-NEXT: {{^}} malloc{{$}}
// OBJECT: {{^}} which belongs to the cache kmalloc-64 of size 64{{$}}
// OBJECT-NEXT: {{^}}The buggy address is located 2 bytes to the right of{{$}}
// OBJECT-NEXT: {{^}} 48-byte region
// OBJECT: STATUS: exit 1{{$}}

// LIVE: {{^}}BUG: KASAN: slab-out-of-bounds in peek+
// LIVE: {{^}}Allocated by task
// LIVE-NEXT: {{^}} ksan_pool_alloc{{$}}
// LIVE: {{^}} which belongs to the cache old_pool of size 64{{$}}
// LIVE-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// LIVE-NEXT: {{^}} 40-byte region
// LIVE: STATUS: exit 1{{$}}
