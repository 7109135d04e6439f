// Stack objects: a struct declared KSAN_INTRA_SCOPED and armed reports a loop running past field 'data' as intra-object-out-of-bounds with the frame's description first, in the kasan, asan and json layouts; it disarms when its scope ends, so a later call whose frame holds an unarmed struct at the same address, which generic code copies in a window, is silent (with KSAN_INTRA_SCOPED left out, the stale registry entry arms the old gaps again when that window closes); KSAN_INTRA_DISARM does the same by hand; a plain build runs the same source.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t bug 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t scoped 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t disarm 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: %cc -O1 -I%root/include %s -o %t.plain
// RUN: bash %S/../Inputs/status.sh %run %t.plain scoped 2>&1 | FileCheck %s --check-prefix=OK
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

static struct packet template_packet = { "hello", {}, 5 };
static char *seen[2];

/* Copies whatever it is given in a window (generic code: armed or not). */
__attribute__((noinline)) static void copy_packet(struct packet *dst, const struct packet *src)
{
	KSAN_INTRA_WINDOW(src) KSAN_INTRA_WINDOW(dst)
		memcpy(dst, src, sizeof(*dst));
}

/* arm 1: arm a packet and write n bytes into its data, then return (the
 * scope ends: KSAN_INTRA_SCOPED disarms it); arm 0: the same frame, its
 * packet not armed, filled from the template in a window, then written
 * whole.  One call of fill each, so that the compiler merges nothing. */
__attribute__((noinline)) static int use(int arm, int n)
{
	struct packet p KSAN_INTRA_SCOPED;

	seen[arm] = (char *)&p;
	if (arm)
		KSAN_INTRA_ARM(&p, &packet_type);
	else
		copy_packet(&p, &template_packet);
	fill(arm ? p.data : (char *)&p, 0, arm ? n : (int)sizeof(p), arm ? 'a' : 'b');
	return p.data[0];
}

/* The same, disarmed by hand. */
__attribute__((noinline)) static int use_by_hand(int arm, int n)
{
	struct packet p;

	seen[arm] = (char *)&p;
	if (arm)
		KSAN_INTRA_ARM(&p, &packet_type);
	else
		copy_packet(&p, &template_packet);
	fill(arm ? p.data : (char *)&p, 0, arm ? n : (int)sizeof(p), arm ? 'a' : 'b');
	if (arm)
		KSAN_INTRA_DISARM(&p);
	return p.data[0];
}

int main(int argc, char **argv)
{
	if (!strcmp(argv[1], "disarm")) {
		use_by_hand(1, 14);
		use_by_hand(0, 0);
	} else {
		use(1, strcmp(argv[1], "bug") ? 14 : 16);
		use(0, 0);
	}
	printf("same address: %d\n", seen[0] == seen[1]);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr {{0*}}[[BAD:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} fill+0x{{.*}}packet.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} use+0x{{.*}}stack.c:38
// CHECK: {{^}}The buggy address belongs to stack of task {{.*}}/{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CHECK-NEXT: {{^}} use{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}This frame has 1 object(s):{{$}}
// CHECK: {{^}} [{{[0-9]+}}, {{[0-9]+}}) 'p' (line 31){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Memory state around the buggy address:
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: intra-object-overflow on address [[BAD:0x[0-9a-f]+]] at pc
// ASAN: {{^}}Address [[BAD]] is located in stack of thread T0 at offset {{[0-9]+}} in frame{{$}}
// ASAN: {{^}}    [{{[0-9]+}}, {{[0-9]+}}) 'p' (line 31){{.*}}
// ASAN: {{^}}[[BAD]] is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// ASAN: SUMMARY: AddressSanitizer: intra-object-overflow
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=intra-object-out-of-bounds asan_type=intra-object-overflow access=write size=1 top=fill intra=struct packet.data+0 gap=rz0@16/16 offset=14{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// OK: {{^}}same address: 1{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
