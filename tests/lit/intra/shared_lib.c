// An instrumented shared library (-shared, -Wl,--no-undefined) arms, windows and disarms objects through the forwarders to the executable's runtime: its armed heap object reports an overflow from the executable, its scoped stack object one inside the library, and its window and disarm work.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -g -fPIC -shared -Wl,--no-undefined %S/Inputs/libpacket.c -o %t.dir/libpacket.so
// RUN: %ksan_cc -O1 -g %s -o %t.dir/main -L%t.dir -lpacket -Wl,-rpath,%t.dir
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main heap 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

struct packet *lib_packet_new(void);
void lib_packet_copy(struct packet *dst, struct packet *src);
int lib_packet_scoped(int n);
void lib_packet_free(struct packet *p);

int main(int argc, char **argv)
{
	struct packet *p = lib_packet_new(), *q = lib_packet_new();

	setvbuf(stdout, NULL, _IONBF, 0);
	p->len = 9;
	lib_packet_copy(q, p);
	printf("copied %u\n", q->len);
	if (!strcmp(argv[1], "heap"))
		fill(p->data, 0, 15, 'h');
	printf("scoped %c\n", lib_packet_scoped(!strcmp(argv[1], "stack") ? 17 : 14));
	lib_packet_free(q);
	lib_packet_free(p);
	return 0;
}

// CHECK: {{^}}copied 9{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// CHECK: {{^}} calloc{{$}}
// CHECK-NEXT: {{^}} lib_packet_new+{{.*}}libpacket.c:10
// CHECK: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK: STATUS: exit 1{{$}}

// STACK: {{^}}copied 9{{$}}
// STACK-NEXT: {{^}}={{=+}}{{$}}
// STACK-NEXT: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// STACK: {{^}} lib_packet_scoped+{{.*}}libpacket.c:27
// STACK: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// STACK: STATUS: exit 1{{$}}

// OK: {{^}}copied 9{{$}}
// OK-NEXT: {{^}}scoped s{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
