// The rules syzkaller and ClusterFuzz read KASAN's kernel layout by (docs/report-format.md, "Read by"): the title's function as fn+0x../0x..; the access line's address as the kernel's %px prints it, 16 bare hex digits (ClusterFuzz's KASAN parser reads the hex digits after "addr ": a 0x prefix read as address 0); a null-pointer dereference's access line with its size, as the kernel's ("Read of size 8 at addr 0000000000000008"), from the faulting instruction; "Free of addr" likewise bare.  The x86-64 port decodes the size (elsewhere the line has none).
// UNSUPPORTED: aarch64
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t oob 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: bash %S/../Inputs/status.sh %run %t nullw 2>&1 | FileCheck %s --check-prefix=NULLW
// RUN: bash %S/../Inputs/status.sh %run %t dfree 2>&1 | FileCheck %s --check-prefix=DFREE
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t oob 2>&1 | FileCheck %s --check-prefix=ASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	const char *name;
	long count;
};

__attribute__((noinline)) long parse(const char *how, struct entry *volatile e)
{
	char *volatile p = malloc(10);
	long v = 0;

	if (!strcmp(how, "oob"))
		p[10] = 1;
	if (!strcmp(how, "null"))
		v = e->count;
	if (!strcmp(how, "nullw"))
		*(volatile int *)&e->count = 5;
	if (!strcmp(how, "dfree")) {
		free(p);
		free(p);
	}
	return v;
}

int main(int argc, char **argv)
{
	printf("%ld\n", parse(argv[1], NULL));
	return 0;
}

// OOB: {{^}}BUG: KASAN: slab-out-of-bounds in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// OOB-NEXT: {{^}}Write of size 1 at addr {{([0-9a-f]{16})}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// OOB-EMPTY:
// OOB-NEXT: {{^}}Call Trace:{{$}}
// OOB-NEXT: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by.c:24{{$}}

// NULL: {{^}}BUG: KASAN: null-ptr-deref in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NULL-NEXT: {{^}}Read of size 8 at addr 0000000000000008 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// NULL-EMPTY:
// NULL-NEXT: {{^}}Call Trace:{{$}}

// NULLW: {{^}}BUG: KASAN: null-ptr-deref in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NULLW-NEXT: {{^}}Write of size 4 at addr 0000000000000008 by task {{[^ ]+}}/{{[0-9]+}}{{$}}

// DFREE: {{^}}BUG: KASAN: double-free in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// DFREE-NEXT: {{^}}Free of addr {{([0-9a-f]{16})}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}

// the asan layout keeps ASan's 0x
// ASAN: {{^}}WRITE of size 1 at 0x{{[0-9a-f]+}} thread T0{{$}}
