// --ksan=kasan,kfence: KFENCE's objects are heap objects too.  With every second allocation sampled, a chain alternating between KFENCE's pool and KASAN's heap is reachable from a global through both, and reported whole once dropped (the head directly, the rest indirectly, from both heaps).
// RUN: %ksan_cc --ksan=kasan,kfence -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=kfence_sample_every=2 bash %S/../Inputs/status.sh %run %t keep 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=kfence_sample_every=2:report_format=asan bash %S/../Inputs/status.sh %run %t drop 2>&1 | FileCheck %s
#include <stdio.h>
#include "Inputs/leak.h"

struct link {
	struct link *next;
	char pad[40];
};

struct link *head;
int kfence_links;

/* KFENCE's objects sit in pages of their own, at a page's start or end */
static int in_kfence(const void *p)
{
	uintptr_t off = (uintptr_t)p & 4095;

	return off == 0 || off == 4096 - sizeof(struct link);
}

__attribute__((noinline)) void build(const char *how)
{
	int i;

	for (i = 0; i < 8; i++) {
		struct link *l = keep(malloc(sizeof(*l)));

		kfence_links += in_kfence(l);
		l->next = head;
		head = l;
	}
	if (!strcmp(how, "drop"))
		head = 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(build, argv[1]);
	printf("links in KFENCE's pool: %s\n", kfence_links >= 2 && kfence_links <= 6 ? "some" : "none or all");
	return 0;
}

// OK: {{^}}links in KFENCE's pool: some{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}links in KFENCE's pool: some{{$}}
// CHECK: {{^}}Direct leak of 48 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}Indirect leak of 336 byte(s) in 7 object(s) allocated from:{{$}}
// CHECK: {{^}}SUMMARY: AddressSanitizer: 384 byte(s) leaked in 8 allocation(s).{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}
