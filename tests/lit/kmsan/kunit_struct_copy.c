// A partially initialised struct copied by assignment carries its shadow: using the field that was never written in the copy is reported with the original's allocation as origin; using the written field is silent.  Also for a struct returned by value (sret) from a function whose local was half written.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 copy 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: bash %S/../Inputs/status.sh %t2 copy 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: bash %S/../Inputs/status.sh %t0 sret 2>&1 | FileCheck %s --check-prefix=SRET
// RUN: bash %S/../Inputs/status.sh %t2 sret 2>&1 | FileCheck %s --check-prefix=SRET
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
	long id;
	int flags;
	int count;
	char name[40];
};

struct record *volatile sink;

__attribute__((noinline)) static struct record *hide(struct record *r)
{
	sink = r;
	return sink;
}

__attribute__((noinline)) static void yes(void)
{
	puts("yes");
}

__attribute__((noinline)) static void no(void)
{
	puts("no");
}

__attribute__((noinline)) static struct record make(long id)
{
	struct record r;

	r.id = id;
	r.flags = 1;
	strcpy(r.name, "made");
	return r;		/* count left uninitialised */
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	struct record *a = hide(malloc(sizeof(*a)));	/* L:alloc */
	struct record *b = hide(malloc(sizeof(*b)));
	struct record c;

	a->id = 1;
	a->flags = 4;
	strcpy(a->name, "first");
	if (!strcmp(mode, "copy") || ok) {
		*b = *a;	/* L:copy */
		if ((ok ? b->flags : b->count) > 2)	/* L:use */
			yes();
		else
			no();
	}
	if (!strcmp(mode, "sret") || ok) {
		c = make(7);
		b = hide(&c);
		if ((ok ? b->flags : b->count) > 0)	/* L:use2 */
			yes();
		else
			no();
	}
	return 0;
}

// COPY: {{^}}====================================================={{$}}
// COPY-NEXT: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// COPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_struct_copy.c:62{{$}}
// COPY: {{^}}Uninit was stored to memory at:{{$}}
// COPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_struct_copy.c:61{{$}}
// COPY: {{^}}Uninit was created at:{{$}}
// COPY-NEXT: {{^}} malloc{{$}}
// COPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_struct_copy.c:53{{$}}
// COPY-NOT: {{^(yes|no)$}}
// COPY: STATUS: exit 1{{$}}

// SRET: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SRET-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_struct_copy.c:70{{$}}
// (clang builds r in the caller's return slot: at -O2 that is c itself, at -O0
// a temporary "tmp" then copied into c.)
// SRET: {{^}}Local variable {{(c|tmp)}} created at:{{$}}
// SRET-NEXT: {{^}} main+
// SRET-NOT: {{^(yes|no)$}}
// SRET: STATUS: exit 1{{$}}

// OK: {{^}}yes{{$}}
// OK-NEXT: {{^}}yes{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
