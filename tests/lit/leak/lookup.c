// The check's lookup of the object a word points into (leak_table.c: the page's owner in the pagemap, the run of its slab region or large object, the slot's entry): a list of 30000 nodes of 24, 200 and 3000 bytes (three classes, some forty 1 MiB regions) with a 70000-byte object on every 1000th node is kept whole by a global head (silent) and, the head dropped, is one direct leak and two indirect ones with every object counted; a pointer into a large object's middle keeps it, one into the page before it (its descriptor) does not, with another large object below it; a pointer into a freed slot next to a live object does not keep that object; the last byte of an 8000-byte object (the largest slab class) keeps it.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t list 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t list-drop 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: bash %S/../Inputs/status.sh %run %t large-mid 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t large-before 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: bash %S/../Inputs/status.sh %run %t freed-next 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: bash %S/../Inputs/status.sh %run %t last-8000 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
#include <stdio.h>
#include "Inputs/leak.h"

struct node {
	struct node *next;
	char *big;
};

struct node *head;
char *held, *other;

__attribute__((noinline)) static void *alloc_head(void)
{
	return keep(calloc(1, 48));
}

__attribute__((noinline)) static void *alloc_node(size_t size)
{
	return keep(calloc(1, size));
}

__attribute__((noinline)) static void *alloc_big(void)
{
	return keep(calloc(1, 70000));
}

__attribute__((noinline)) void setup(const char *how)
{
	static const size_t sizes[] = { 24, 200, 3000 };

	if (!strncmp(how, "list", 4)) {
		struct node *h = alloc_head();
		int i;

		head = h;
		for (i = 0; i < 30000; i++) {
			struct node *n = alloc_node(sizes[i % 3]);

			if (i % 1000 == 999)
				n->big = alloc_big();
			n->next = h->next;
			h->next = n;
		}
		if (!strcmp(how, "list-drop"))
			head = 0;
	} else if (!strncmp(how, "large", 5)) {
		/* two: the lower one kept, so the other's descriptor page is
		 * inside the check's [lowest, highest) object bounds */
		char *p = alloc_big(), *q = alloc_big();

		other = p < q ? p : q;
		p = p < q ? q : p;
		held = !strcmp(how, "large-mid") ? p + 35000 : p - 64;
	} else if (!strcmp(how, "freed-next")) {
		char *a = keep(malloc(100)), *b = keep(malloc(100));

		/* b's slot (in quarantine) is the one after a's, or near it */
		free(b);
		held = b + 8;
		(void)a;
	} else {
		held = (char *)keep(malloc(8000)) + 7999;
	}
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(setup, argv[1]);
	printf("done\n");
	return 0;
}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// LIST: {{^}}done{{$}}
// LIST: {{^}}BUG: memory leak{{$}}
// LIST: {{^}}  direct leak in alloc_head: 1 object(s), 48 byte(s) allocated from this backtrace{{$}}
// LIST: {{^}}BUG: memory leak{{$}}
// LIST: {{^}}  indirect leak in alloc_node: 30000 object(s), 32240000 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// LIST: {{^}}BUG: memory leak{{$}}
// LIST: {{^}}  indirect leak in alloc_big: 30 object(s), 2100000 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// LIST: {{^}}kmemleak: 30031 new suspected memory leaks{{$}}
// LIST: {{^}}STATUS: exit 23{{$}}

// LARGE: {{^}}done{{$}}
// LARGE: {{^}}BUG: memory leak{{$}}
// LARGE-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 70000):{{$}}
// LARGE: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// LARGE: {{^}}STATUS: exit 23{{$}}

// FREED: {{^}}done{{$}}
// FREED: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 100):{{$}}
// FREED: {{^}}  direct leak in {{[A-Za-z0-9_]+}}: 1 object(s), 100 byte(s) allocated from this backtrace{{$}}
// FREED: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// FREED: {{^}}STATUS: exit 23{{$}}
