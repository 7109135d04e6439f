// strcpy of a string too long for field 'data' of an armed heap struct: the checked strcpy reports intra-object-out-of-bounds at its caller (the terminating NUL and the last character land in the red zone's tail granule), in the kasan, asan and json layouts; the twin's string fits; a plain build runs the same source.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 0123456789abcde 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 0123456789abcde 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t 0123456789abcde 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t 0123456789abc 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: %cc -O1 -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain 0123456789abc 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

int main(int argc, char **argv)
{
	struct packet *p = malloc(sizeof(*p));

	KSAN_INTRA_ARM(p, &packet_type);
	strcpy(p->data, argv[1]);	/* 15 characters and the NUL: 2 too many */
	p->len = (unsigned)strlen(p->data);
	printf("len %u\n", p->len);
	free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 16 at addr {{0*}}[[DATA:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} strcpy{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}overflow_strcpy.c:19
// CHECK: The buggy address belongs to the object at 0x[[DATA]]
// CHECK: {{^}}The first bad byte 0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address [[DATA:0x[0-9a-f]+]] at pc
// ASAN-NEXT: {{^}}WRITE of size 16 at [[DATA]] thread T0{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in strcpy{{$}}
// ASAN: {{^}}0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// ASAN: SUMMARY: AddressSanitizer: intra-object-overflow {{.*}}overflow_strcpy.c:19{{.*}} in main
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=write size=16 top=strcpy object=allocated/64 cache=kmalloc-64/64 inside 0 addr_ok=1 alloc0=malloc intra=struct packet.data+0 gap=rz0@16/16 offset=14{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// OK: len 13
// OK-NEXT: STATUS: exit 0{{$}}
