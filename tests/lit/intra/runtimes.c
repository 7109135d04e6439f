// The intra-object calls under the runtimes without generic KASAN are no-ops: KCSAN (libksan-kcsan.a), KMSAN (libksan-kmsan.a, clang) and the KFENCE preload (libksan-kfence.so, linked here directly) let a program arm objects and write into their gaps silently; tag-based KASAN's archive (aarch64, when built) has the same weak definitions.  --ksan=kfence links KASAN's runtime without instrumentation: the gaps are armed and only the checked C library functions see them (memcpy reports, the loop does not), as they see the heap's red zones there.
// RUN: %kcsan_cc -O1 -g %s -o %t.kcsan
// RUN: bash %S/../Inputs/status.sh %run %t.kcsan memcpy 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -g %s -o %t.kmsan
// RUN: bash %S/../Inputs/status.sh %run %t.kmsan memcpy 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=BUG
// RUN: %cc -O1 -D__KSAN__=1 -I%root/include %s -o %t.preload %build/lib/libksan-kfence.so -Wl,-rpath,%build/lib
// RUN: env KSAN_OPTIONS=kfence_sample_every=1 bash %S/../Inputs/status.sh %run %t.preload memcpy 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=kfence -O1 -g %s -o %t.kfence
// RUN: bash %S/../Inputs/status.sh %run %t.kfence loop 2>&1 | FileCheck %s --check-prefix=LOOP --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t.kfence memcpy 2>&1 | FileCheck %s --check-prefix=KFENCE
// RUN: bash %S/Inputs/tags_noops.sh %build/lib/aarch64/libksan-tags.a | FileCheck %s --check-prefix=TAGS
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

static const char wire[] = "0123456789abcdefghijklmnopq";

int main(int argc, char **argv)
{
	struct packet *p = calloc(1, sizeof(*p));
	struct packet s KSAN_INTRA_SCOPED;

	setvbuf(stdout, NULL, _IONBF, 0);
	KSAN_INTRA_ARM(p, &packet_type);
	KSAN_INTRA_ARM(&s, &packet_type);
	fill(p->data, 0, 20, 'a');
	fill(s.data, 0, 20, 'a');
	printf("loop wrote the gaps\n");
	if (!strcmp(argv[1], "memcpy")) {
		memcpy(p->data, wire, strlen(argv[1]) + 14);	/* 20 */
		printf("memcpy wrote the gaps\n");
	}
	KSAN_INTRA_WINDOW(p)
		s.len = p->len;
	KSAN_INTRA_DISARM(p);
	free(p);
	printf("done\n");
	return 0;
}

// NOOP: {{^}}loop wrote the gaps{{$}}
// NOOP-NEXT: {{^}}memcpy wrote the gaps{{$}}
// NOOP-NEXT: {{^}}done{{$}}
// NOOP-NEXT: STATUS: exit 0{{$}}

// LOOP: {{^}}loop wrote the gaps{{$}}
// LOOP-NEXT: {{^}}done{{$}}
// LOOP-NEXT: STATUS: exit 0{{$}}

// KFENCE: {{^}}loop wrote the gaps{{$}}
// KFENCE-NEXT: {{^}}={{=+}}{{$}}
// KFENCE-NEXT: {{^}}BUG: KASAN: intra-object-out-of-bounds in main+
// KFENCE-NEXT: {{^}}Write of size 20 at addr
// KFENCE: {{^}}The first bad byte 0x{{[0-9a-f]+}} is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// KFENCE: STATUS: exit 1{{$}}

// TAGS: {{^}}libksan-tags.a: {{(not built|5 weak ksan_intra_ definitions)$}}
