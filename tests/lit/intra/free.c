// A heap object armed with red zones forgets them when freed, also one armed inside a larger heap object: a later object at the same address (quarantine off, so the slot comes back at once) that nobody armed is all addressable, also after generic code runs a window on it (a stale registry entry would arm the old gaps again when the window closes); a use after free of the armed object, also of a gap byte, is slab-use-after-free with no field line, in the kasan, asan and json layouts.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t reuse 2>&1 | FileCheck %s --check-prefix=REUSE --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t reuse-array 2>&1 | FileCheck %s --check-prefix=REUSE --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0:unmap_quarantine_mb=0 bash %S/../Inputs/status.sh %run %t reuse-large 2>&1 | FileCheck %s --check-prefix=REUSE --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF --implicit-check-not='past the end of field'
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not='past the end of field'
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t uaf 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

char *volatile sink;

/* Code that copies whatever it is given in a window (a generic queue):
 * armed or not, the window is right. */
__attribute__((noinline)) static void copy_packet(struct packet *dst, struct packet *src)
{
	KSAN_INTRA_WINDOW(src) KSAN_INTRA_WINDOW(dst)
		memcpy(dst, src, sizeof(*dst));
}

int main(int argc, char **argv)
{
	/* reuse-array: the last of 4 packets in one object is armed (the free
	 * looks in each 16-byte cell of the object); reuse-large: of 1024, a
	 * page-backed object, which the heap unmaps (the free looks at every
	 * entry of the registry) */
	size_t n = !strcmp(argv[1], "reuse-large") ? 1024 : !strcmp(argv[1], "reuse-array") ? 4 : 1;
	struct packet *p = calloc(n, sizeof(*p)), *q, tmp;
	char *b;

	setvbuf(stdout, NULL, _IONBF, 0);
	KSAN_INTRA_ARM(&p[n - 1], &packet_type);
	p[n - 1].len = 3;
	if (!strcmp(argv[1], "uaf")) {
		free(p);
		b = p->data;
		printf("read %d\n", b[17]);	/* a byte of rz0 */
		return 0;
	}
	free(p);
	q = calloc(n, sizeof(*q));
	printf("same address: %d\n", q == p);
	memset(&tmp, 0, sizeof(tmp));
	copy_packet(&q[n - 1], &tmp);
	b = (char *)&q[n - 1];
	fill(b, 0, (int)sizeof(*q), 'a');	/* the whole object, gaps and all */
	printf("filled %d\n", b[16]);
	free(q);
	return 0;
}

// REUSE: {{^}}same address: 1{{$}}
// REUSE-NEXT: {{^}}filled {{[0-9]+}}{{$}}
// REUSE-NEXT: STATUS: exit 0{{$}}

// UAF: {{^}}BUG: KASAN: slab-use-after-free in main+
// UAF-NEXT: {{^}}Read of size 1 at addr
// UAF: {{^}}Freed by task
// UAF-NEXT: {{^}} free{{$}}
// UAF: {{^}}The buggy address is located 17 bytes inside of{{$}}
// UAF-NEXT: {{^}} 64-byte region
// UAF-EMPTY:
// UAF-NEXT: Memory state around the buggy address:
// UAF: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: heap-use-after-free on address
// ASAN: is located 17 bytes inside of 64-byte region
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=slab-use-after-free asan_type=heap-use-after-free access=read size=1 top=main object=freed/64 cache=kmalloc-64/64 inside 17 addr_ok=1 alloc0=calloc free0=free{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}
