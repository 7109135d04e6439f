// Globals under -fsanitize=pointer-compare: two different globals (next to each other: their red zone lies between; and far apart), a pointer before a global or past its end (in its red zone) with one inside it; the report names each variable and where it is defined.  Pointers inside one global and one past its end are silent, near and far apart (an 8 KiB array).
// RUN: %ksan_cc -O1 -fsanitize=pointer-compare %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t near 2>&1 | FileCheck %s --check-prefix=NEAR
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t far 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t past 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t farpast 2>&1 | FileCheck %s --check-prefix=FARPAST
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>

volatile int sink;
char first[100] = { 1 };
char second[100] = { 2 };
char small[7] = { 3 };
char big[8192] = { 4 };
char other_big[8192] = { 5 };

__attribute__((noinline)) void ge(char *p, char *q)
{
	sink = p >= q;
}

int main(int argc, char **argv)
{
	char *volatile s = small;
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "near")) {
		ge(first, second + 10);
	} else if (!strcmp(argv[1], "far")) {
		ge(big + 100, other_big + 8000);
	} else if (!strcmp(argv[1], "past")) {
		ge(s, s + 8);
	} else if (!strcmp(argv[1], "farpast")) {
		ge(big + 8193, big);
	} else {
		for (i = 0; i <= 7; i++)
			ge(s, s + i);
		ge(big, big + 8192);
		ge(big + 8000, big + 10);
		ge(first + 99, first + 100);
		puts("no report");
	}
	return 0;
}

// NEAR: {{^}}KASAN: invalid-pointer-pair in ge+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NEAR-NEXT: {{^}}Comparison of 0x[[A:[0-9a-f]+]] and 0x[[B:[0-9a-f]+]] by task
// NEAR: {{^}}First pointer 0x[[A]]:{{$}}
// NEAR-NEXT: {{^}}The buggy address belongs to the variable:{{$}}
// NEAR-NEXT: {{^}} first of size 100 defined in {{.*}}global.c:12:6{{$}}
// NEAR-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// NEAR-NEXT: {{^}} 100-byte region [0x[[A]], 0x{{[0-9a-f]+}}){{$}}
// NEAR-EMPTY:
// NEAR-NEXT: {{^}}Second pointer 0x[[B]]:{{$}}
// NEAR-NEXT: {{^}}The buggy address belongs to the variable:{{$}}
// NEAR-NEXT: {{^}} second of size 100 defined in {{.*}}global.c:13:6{{$}}
// NEAR-NEXT: {{^}}The buggy address is located 10 bytes inside of{{$}}
// NEAR: STATUS: exit 1{{$}}

// FAR: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// FAR-NEXT: {{^}}The buggy address belongs to the variable:{{$}}
// FAR-NEXT: {{^}} big of size 8192 defined in
// FAR: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// FAR-NEXT: {{^}}The buggy address belongs to the variable:{{$}}
// FAR-NEXT: {{^}} other_big of size 8192 defined in
// FAR: STATUS: exit 1{{$}}

// PAST: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// PAST: {{^}} small of size 7 defined in
// PAST: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// PAST: {{^}} small of size 7 defined in
// PAST-NEXT: {{^}}The buggy address is located 1 bytes to the right of{{$}}
// PAST: STATUS: exit 1{{$}}

// FARPAST: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// FARPAST-NEXT: {{^}}The buggy address belongs to the variable:{{$}}
// FARPAST-NEXT: {{^}} big of size 8192 defined in
// FARPAST-NEXT: {{^}}The buggy address is located 1 bytes to the right of{{$}}
// FARPAST: STATUS: exit 1{{$}}

// OK: no report
// OK-NEXT: STATUS: exit 0{{$}}
