// --ksan=kasan,kfence with every allocation sampled: objects armed in KFENCE's pages and freed leave nothing behind (kfence_free does not know KASAN's shadow; the next object handed out in the page forgets what was armed there), so later objects of other sizes in the same pages are silent when written whole; an armed KFENCE object still reports a write into its gap.
// RUN: %ksan_cc --ksan=kasan,kfence -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=kfence_sample_every=1 bash %S/../Inputs/status.sh %run %t reuse 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=kfence_sample_every=1 bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/packet.h"

char *volatile sink;

/* KFENCE puts an object at the start or the end of its page */
static int in_kfence(const void *p, size_t n)
{
	return ((unsigned long)p & 4095) == 0 || (((unsigned long)p + n) & 4095) == 0;
}

int main(int argc, char **argv)
{
	int k, sampled = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	free(sink = malloc(1));		/* KFENCE starts on the first allocation */
	if (!strcmp(argv[1], "bug")) {
		struct packet *p = calloc(1, sizeof(*p));

		KSAN_INTRA_ARM(p, &packet_type);
		printf("in a KFENCE page: %d\n", in_kfence(p, sizeof(*p)));
		fill(p->data, 0, 15, 'x');
		return 0;
	}
	/* more than the pool's 255 objects: every page is used again */
	for (k = 0; k < 600; k++) {
		struct packet *p = calloc(1, sizeof(*p));

		KSAN_INTRA_ARM(p, &packet_type);
		sampled += in_kfence(p, sizeof(*p));
		free(p);
	}
	for (k = 0; k < 600; k++) {
		int n = 24 + 8 * (k % 8);	/* 24..80 bytes: the red zones move */
		char *q = sink = malloc(n);

		fill(q, 0, n, 'y');
		free(q);
	}
	printf("%d armed objects in KFENCE pages, %d objects written whole\n", sampled, k);
	return 0;
}

// CHECK: {{^}}in a KFENCE page: 1{{$}}
// CHECK: {{^}}BUG: KASAN: intra-object-out-of-bounds in fill+
// CHECK: {{^}}The buggy address is located 0 bytes past the end of field 'data' of struct packet (red zone 'rz0' at offset 16, 16 bytes){{$}}
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}600 armed objects in KFENCE pages, 600 objects written whole{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
