// memcpy into field 'data' of an armed heap struct (dst) or out of it (src), past its end: the checked memcpy reports intra-object-out-of-bounds at its caller, the first bad byte named against the field, in the kasan, asan and json layouts; the twin copies the field's 14 bytes; a plain build runs the same source.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t dst 20 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t src 20 2>&1 | FileCheck %s --check-prefix=SRC
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t dst 20 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t dst 20 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t dst 20 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t dst 14 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t src 14 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: %cc -O1 -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain dst 14 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

static const char wire[32] = "0123456789abcdefghijklmnopqrstu";
char out[32];

int main(int argc, char **argv)
{
	struct packet *p = malloc(sizeof(*p));
	size_t n = strtoul(argv[2], 0, 0);

	int dst = !strcmp(argv[1], "dst");

	memset(p, 0, sizeof(*p));
	KSAN_INTRA_ARM(p, &packet_type);
	memcpy(dst ? p->data : out, dst ? wire : p->data, n);
	printf("data[0]=%d out[0]=%d\n", p->data[0], out[0]);
	free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 20 at addr {{0*}}[[DATA:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} memcpy{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}overflow_memcpy.c:29
// CHECK: The buggy address belongs to the object at 0x[[DATA]]
// CHECK: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 64-byte region
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}The first bad byte 0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Memory state around the buggy address:
// CHECK: STATUS: exit 1{{$}}

// SRC: {{^}}BUG: KASAN: intra-object-out-of-bounds in main+
// SRC-NEXT: {{^}}Read of size 20 at addr
// SRC: {{^}} main+0x{{.*}}overflow_memcpy.c:29
// SRC: {{^}}The first bad byte 0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// SRC: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address [[DATA:0x[0-9a-f]+]] at pc
// ASAN-NEXT: {{^}}WRITE of size 20 at [[DATA]] thread T0{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in memcpy{{$}}
// ASAN: {{^}}[[DATA]] is located 0 bytes inside of 64-byte region
// ASAN: {{^}}0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// ASAN: SUMMARY: AddressSanitizer: intra-object-overflow {{.*}}overflow_memcpy.c:29{{.*}} in main
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=write size=20 top=memcpy object=allocated/64 cache=kmalloc-64/64 inside 0 addr_ok=1 alloc0=malloc intra=struct packet.data+0 gap=rz0@16/16 offset=14{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// The bad copy is reported and not made; the program goes on.
// GOON: BUG: KASAN: intra-object-out-of-bounds in main
// GOON: {{^}}data[0]=0 out[0]=0{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}data[0]={{0|48}} out[0]=0{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
