// Objects allocated inside the C library (strdup, strndup, getline) are ksan heap objects, and their allocation stack reaches the program's caller, not just the libc function.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t strdup 2>&1 | FileCheck %s -DLINE=25
// RUN: bash %S/../Inputs/status.sh %run %t strndup 2>&1 | FileCheck %s -DLINE=27
// RUN: bash %S/../Inputs/status.sh %run %t getline 2>&1 | FileCheck %s -DLINE=30
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char get(const char *s, size_t i)
{
	return s[i];
}

int main(int argc, char **argv)
{
	char *s = 0;
	size_t n = 0;
	FILE *f;

	if (!strcmp(argv[1], "strdup") || !strcmp(argv[1], "ok"))
		s = strdup("a string from libc");
	else if (!strcmp(argv[1], "strndup"))
		s = strndup("a string from libc", 8);
	else {
		f = fopen(argv[0], "r");
		if (getline(&s, &n, f) < 0)
			return 2;
		fclose(f);
	}
	sink = s;
	if (strcmp(argv[1], "ok"))
		free(s);
	printf("%d\n", get(sink, 1));
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-use-after-free in get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK: {{^}}Allocated by task
// CHECK: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}libc_alloc_stack.c:[[LINE]]{{$}}
// CHECK: {{^}}Freed by task
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}libc_alloc_stack.c:36{{$}}
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}32{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
