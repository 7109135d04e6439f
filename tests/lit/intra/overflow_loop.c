// A loop writing past the end of field 'data' of an armed heap struct runs into its intra-object red zone: intra-object-out-of-bounds in the kasan, asan and json layouts, naming the field, struct and red zone after the heap object; the twin writes the field exactly, and a build without ksan (plain compiler: no-op macros) runs the same source.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 16 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 16 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t 16 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t 14 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t 14 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=intra
// RUN: %cc -O1 -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain 14 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include "Inputs/packet.h"

int main(int argc, char **argv)
{
	struct packet *p = malloc(sizeof(*p));

	KSAN_INTRA_ARM(p, &packet_type);
	fill(p->data, 0, atoi(argv[1]), 'x');	/* 16: data[14], data[15] are the tail */
	p->len = 14;
	printf("len %u\n", p->len);
	free(p);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr {{0*}}[[BAD:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} fill+0x{{.*}}packet.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} main+0x{{.*}}overflow_loop.c:19
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: main+0x{{.*}}overflow_loop.c:16
// CHECK: The buggy address belongs to the object at [[OBJ:0x[0-9a-f]+]]
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-64 of size 64{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 14 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 64-byte region {{\[}}[[OBJ]], 0x{{[0-9a-f]+}}){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Memory state around the buggy address:
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 00 06 bb bb 04 bb 00 00 fc
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address [[BAD:0x[0-9a-f]+]] at pc
// ASAN-NEXT: {{^}}WRITE of size 1 at [[BAD]] thread T0{{$}}
// ASAN: {{^}}[[BAD]] is located 14 bytes inside of 64-byte region
// ASAN-NEXT: allocated by thread T0 here:
// ASAN: {{^}}[[BAD]] is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// ASAN: SUMMARY: AddressSanitizer: intra-object-overflow {{.*}}packet.h:{{[0-9:]+}} in fill
// ASAN: Intra object redzone:   bb
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=write size=1 top=fill object=allocated/64 cache=kmalloc-64/64 inside 14 addr_ok=1 alloc0=malloc intra=struct packet.data+0 gap=rz0@16/16 offset=14{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// OK: len 14
// OK-NEXT: STATUS: exit 0{{$}}
