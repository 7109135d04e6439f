// The wide-character functions, which ASan does not check: wcslen of an unterminated heap string and wcscpy into a buffer one wide character short are reported (sizes in bytes); the twins are silent.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t wcslen 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t wcscpy 2>&1 | FileCheck %s --check-prefix=WCSCPY
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

wchar_t *volatile sink;

int main(int argc, char **argv)
{
	wchar_t *w = sink = malloc(3 * sizeof(wchar_t));
	wchar_t *d = sink = malloc(3 * sizeof(wchar_t));

	wmemset(w, L'x', 3);
	if (!strcmp(argv[1], "wcslen"))
		printf("%d\n", wcslen(w) >= 3);
	w[2] = 0;
	if (!strcmp(argv[1], "wcscpy"))
		wcscpy(d, L"abc");
	printf("%zu\n", wcslen(w));
	wcscpy(d, w);
	printf("%ls\n", d);
	free(w);
	free(d);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} wcslen{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}wcslen.c:21{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}wcslen.c:16{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[ADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-16 of size 16{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 12-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK: STATUS: exit 1{{$}}

// WCSCPY: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WCSCPY-NEXT: {{^}}Write of size 16 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// WCSCPY-EMPTY:
// WCSCPY-NEXT: {{^}}Call Trace:{{$}}
// WCSCPY-NEXT: {{^}} wcscpy{{$}}
// WCSCPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}wcslen.c:24{{$}}
// WCSCPY: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// WCSCPY-NEXT: {{^}} malloc{{$}}
// WCSCPY-NEXT: {{^}} main+0x{{.*}}wcslen.c:17{{$}}
// WCSCPY: {{^}} 12-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// WCSCPY: STATUS: exit 1{{$}}

// OK: {{^}}2{{$}}
// OK-NEXT: {{^}}xx{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
