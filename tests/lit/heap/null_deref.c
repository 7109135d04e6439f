// A NULL pointer dereference (a failed lookup used unchecked) is reported as null-ptr-deref from the fault, read and write; it always ends the process.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	const char *name;
	long count;
};

static struct entry table[] = { { "a", 1 }, { "b", 2 } };

__attribute__((noinline)) struct entry *find(const char *name)
{
	size_t i;

	for (i = 0; i < 2; i++)
		if (!strcmp(table[i].name, name))
			return &table[i];
	return NULL;
}

__attribute__((noinline)) long get_count(struct entry *e)
{
	return e->count;
}

__attribute__((noinline)) void set_count(struct entry *e, long v)
{
	e->count = v;
}

int main(int argc, char **argv)
{
	const char *key = strcmp(argv[1], "ok") ? "zzz" : "b";
	struct entry *e = find(key);

	if (!strcmp(argv[1], "write"))
		set_count(e, 5);
	printf("count %ld\n", get_count(e));
	printf("done\n");
	return 0;
}

// The size of a faulting access is unknown: "Read at addr" (no "of size").
// READ: {{^}}=================================================================={{$}}
// READ-NEXT: {{^}}BUG: KASAN: null-ptr-deref in get_count+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// READ-NEXT: {{^}}Read{{( of size 8)?}} at addr 0000000000000008 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// READ-EMPTY:
// READ-NEXT: Call Trace:
// (aarch64 GCC gives the faulting load the line of the closing brace)
// READ-NEXT: {{^}} get_count+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}null_deref.c:{{29|30}}{{$}}
// READ-NEXT: {{^}} main+0x{{.*}}null_deref.c:44{{$}}
// READ-NOT: Memory state around
// READ: {{^}}=================================================================={{$}}
// READ-NEXT: STATUS: exit 1{{$}}

// WRITE: BUG: KASAN: null-ptr-deref in set_count+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// WRITE-NEXT: {{^}}Write{{( of size 8)?}} at addr 0000000000000008 by task
// WRITE: set_count+0x{{.*}}null_deref.c:{{34|35}}
// WRITE: {{^}}=================================================================={{$}}
// WRITE-NEXT: STATUS: exit 1{{$}}

// OK: count 2
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
