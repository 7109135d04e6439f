// A struct assignment between armed objects reads and writes their gaps: reported outside KSAN_INTRA_WINDOW, silent inside one (window.c has the memcpy twin and the rest).
// GCC's inline instrumentation checks an aggregate copy of known size at its first and last byte only (instrument_mem_region_access in gcc/asan.cc), so a gap inside the struct is not seen there; outline GCC and Clang check the whole range.
// UNSUPPORTED: gcc-inline
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t out 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t in 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

struct packet *volatile sink;

int main(int argc, char **argv)
{
	struct packet *p = sink = calloc(1, sizeof(*p)), *q = sink = calloc(1, sizeof(*q));

	KSAN_INTRA_ARM(p, &packet_type);
	KSAN_INTRA_ARM(q, &packet_type);
	p->len = 5;
	if (!strcmp(argv[1], "in")) {
		KSAN_INTRA_WINDOW(p) KSAN_INTRA_WINDOW(q)
			*q = *p;
	} else {
		*q = *p;
	}
	printf("q->len %u\n", q->len);
	free(q);
	free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in main+
// CHECK-NEXT: {{^}}{{Read|Write}} of size {{[0-9]+}} at addr
// CHECK: window_assign.c:25
// CHECK: is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK-NOT: q->len
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}q->len 5{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
