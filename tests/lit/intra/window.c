// Whole-object copies of armed structs (struct assignment, memcpy) inside KSAN_INTRA_WINDOW are silent; the same memcpy outside one is reported (the struct assignment: window_assign.c); windows nest; the window closes again when its block ends, also when a break or a return leaves it (the gaps are checked again after); a plain build runs the same source.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t assign 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t nested 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t memcpy-out 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t memcpy-out 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t memcpy-out 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t after 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: bash %S/../Inputs/status.sh %run %t break 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: bash %S/../Inputs/status.sh %run %t return 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: %cc -O1 -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain assign 2>&1 | FileCheck %s --check-prefix=OK
// RUN: bash %S/../Inputs/status.sh %run %t.plain nested 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

struct packet *volatile sink;

__attribute__((noinline)) static void copy_out(struct packet *q, struct packet *p)
{
	KSAN_INTRA_WINDOW(p) KSAN_INTRA_WINDOW(q) {
		*q = *p;
		if (q->len)
			return;		/* leaves both windows: they close */
	}
	printf("not here\n");
}

int main(int argc, char **argv)
{
	struct packet *p = sink = malloc(sizeof(*p)), *q = sink = malloc(sizeof(*q));
	const char *m = argv[1];

	setvbuf(stdout, NULL, _IONBF, 0);	/* lines before a report show */
	memset(p, 0, sizeof(*p));
	memset(q, 0, sizeof(*q));
	KSAN_INTRA_ARM(p, &packet_type);
	KSAN_INTRA_ARM(q, &packet_type);
	p->len = 5;
	if (!strcmp(m, "assign")) {
		KSAN_INTRA_WINDOW(p) KSAN_INTRA_WINDOW(q)
			*q = *p;
	} else if (!strcmp(m, "memcpy")) {
		KSAN_INTRA_WINDOW(p) KSAN_INTRA_WINDOW(q)
			memcpy(q, p, sizeof(*q));
	} else if (!strcmp(m, "nested")) {
		KSAN_INTRA_WINDOW(p) {
			KSAN_INTRA_WINDOW(p)
				KSAN_INTRA_WINDOW(q)
					*q = *p;
			KSAN_INTRA_WINDOW(q)	/* p's outer window is still open */
				*q = *p;
		}
	} else if (!strcmp(m, "memcpy-out")) {
		memcpy(q, p, sizeof(*q));
	} else {
		if (!strcmp(m, "after")) {
			KSAN_INTRA_WINDOW(p)
				fill(p->data, 0, 16, 'a');	/* the gap is open */
		} else if (!strcmp(m, "break")) {
			KSAN_INTRA_WINDOW(p) {
				memcpy(q->body, p, sizeof(q->body));
				if (p->len)
					break;
				printf("not here\n");
			}
		} else {
			copy_out(q, p);
		}
		printf("window closed\n");
		fill(p->data, 0, 16, 'a');	/* armed again */
	}
	printf("q->len %u\n", q->len);
	free(q);
	free(p);
	return 0;
}

// OK: {{^}}q->len 5{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// OUT: {{^}}BUG: KASAN: intra-object-out-of-bounds in main+
// OUT-NEXT: {{^}}Read of size 64 at addr
// OUT: {{^}} memcpy{{$}}
// OUT-NEXT: {{^}} main+0x{{.*}}window.c:58
// OUT: {{^}}The first bad byte 0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// OUT-NOT: q->len
// OUT: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address
// ASAN-NEXT: {{^}}READ of size 64 at
// ASAN: {{^}}0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=read size=64 top=memcpy object=allocated/64 cache=kmalloc-64/64 inside 0 addr_ok=1 alloc0=malloc intra=struct packet.data+0 gap=rz0@16/16 offset=14{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// AFTER: {{^}}window closed{{$}}
// AFTER-NEXT: {{^}}={{=+}}{{$}}
// AFTER-NEXT: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// AFTER-NEXT: {{^}}Write of size 1 at addr
// AFTER: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// AFTER: STATUS: exit 1{{$}}
