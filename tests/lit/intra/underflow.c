// A loop running backwards from the end of field 'body' of an armed heap struct writes one byte before it, into the red zone between 'len' and 'body' (rz1): intra-object-out-of-bounds, the byte named against the member before the gap, in the kasan, asan and json layouts; the twin stops at body[0]; a plain build runs the same source.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t -1 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t -1 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t -1 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t 0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: %cc -O1 -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain 0 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include "Inputs/packet.h"

int main(int argc, char **argv)
{
	struct packet *p = malloc(sizeof(*p));

	KSAN_INTRA_ARM(p, &packet_type);
	p->len = 7;
	fill(p->body, (int)sizeof(p->body), atoi(argv[1]), 'a');	/* down to body[-1] */
	printf("len %u body[0] %c\n", p->len, p->body[0]);
	free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr {{0*}}[[BAD:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} fill+0x{{.*}}packet.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} main+0x{{.*}}underflow.c:19
// CHECK: The buggy address belongs to the object at
// CHECK: {{^}}The buggy address is located 47 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 64-byte region
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}The buggy address is located 11 bytes past the end of field 'len' of struct packet (red zone 'rz1' at offset 40, 8 bytes){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Memory state around the buggy address:
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 00 06 bb bb 04 bb 00 00 fc
// CHECK-NEXT: {{^ +}}^{{$}}
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address [[BAD:0x[0-9a-f]+]] at pc
// ASAN: {{^}}[[BAD]] is located 47 bytes inside of 64-byte region
// ASAN: {{^}}[[BAD]] is located 11 bytes past the end of field 'len' of struct packet (red zone 'rz1' at offset 40, 8 bytes){{$}}
// ASAN: SUMMARY: AddressSanitizer: intra-object-overflow
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=write size=1 top=fill object=allocated/64 cache=kmalloc-64/64 inside 47 addr_ok=1 alloc0=malloc intra=struct packet.len+11 gap=rz1@40/8 offset=47{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// OK: len 7 body[0] b
// OK-NEXT: STATUS: exit 0{{$}}
