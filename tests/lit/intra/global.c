// A global struct armed with red zones: a write 2 bytes past field 'data' (data[16]) reports intra-object-out-of-bounds with the global's description first, in the kasan, asan and json layouts; the twin writes the field exactly.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 16 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 16 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t 16 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t 13 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include "Inputs/packet.h"

struct packet last_packet;

int main(int argc, char **argv)
{
	KSAN_INTRA_ARM(&last_packet, &packet_type);
	fill(last_packet.data, atoi(argv[1]), atoi(argv[1]) + 1, 'g');	/* one byte */
	printf("written\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// CHECK: {{^}}The buggy address belongs to the variable:{{$}}
// CHECK-NEXT: {{^}} last_packet of size 64 defined in {{.*}}global.c:11:{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 16 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 64-byte region
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}The buggy address is located 2 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address [[BAD:0x[0-9a-f]+]] at pc
// ASAN: {{^}}[[BAD]] is located 16 bytes inside of global variable 'last_packet' defined in
// ASAN: {{^}}[[BAD]] is located 2 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=write size=1 top=fill intra=struct packet.data+2 gap=rz0@16/16 offset=16{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// OK: written
// OK-NEXT: STATUS: exit 0{{$}}
