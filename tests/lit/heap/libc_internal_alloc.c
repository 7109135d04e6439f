// Memory the C library allocates for the program inside its own code (realpath's result, a FILE from fopen) comes from ksan's malloc, dynamic and static (with musl too: its malloc may be replaced in both, and ksan's wins): a read past realpath's string is reported with malloc first in its allocation stack, and freeing these objects is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: %ksan_cc -O1 -static %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t.static bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.static ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile char sink;

__attribute__((noinline)) char get(const char *s, size_t i)
{
	return s[i];
}

int main(int argc, char **argv)
{
	char *r = realpath("/", NULL);
	FILE *f = fopen("/dev/null", "r");

	printf("realpath=%s fopen=%d\n", r, f != NULL);
	fflush(stdout);
	fclose(f);
	if (!strcmp(argv[1], "bug"))
		sink = get(r, 2);
	free(r);
	return 0;
}

// CHECK: {{^}}realpath=/ fopen=1{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 1 at addr
// CHECK: {{^}} main+0x{{.*}}libc_internal_alloc.c:28{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK: {{^}} 2-byte region [
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}realpath=/ fopen=1{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
