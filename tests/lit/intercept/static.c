// In a -static executable (no dlsym: ksan's own implementations replace the C library's) the interceptors report the same bugs, name the same frames, and compute the same results.
// REQUIRES: inline
// RUN: %ksan_cc -O1 -static %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t bad < %s 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok < %s 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

char *volatile sink;
volatile size_t len = 8, result;
volatile int num = 6789;	/* keep the compilers from folding the calls */

int main(int argc, char **argv)
{
	int bad = !strcmp(argv[1], "bad");
	char *s = sink = malloc(8), *d = sink = malloc(8), word[16];
	wchar_t *w = (wchar_t *)(sink = malloc(2 * sizeof(wchar_t)));
	int x = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	memcpy(s, "abcdefgh", 8);
	if (!bad)
		s[7] = 0;
	result = strlen(s);
	printf("strlen=%d\n", result > 6);
	printf("strcpy=%s\n", strcpy(d, bad ? argv[0] : "abc") == d ? "d" : "?");
	wmemset(w, L'w', 2);
	if (!bad)
		w[1] = 0;
	result = wcslen(w);
	printf("wcslen=%d\n", result > 0);
	printf("snprintf=%d\n", snprintf(d, bad ? 64 : 8, "%s%d", "12345", num));
	printf("read=%d\n", (int)read(0, d, bad ? 9 : 8));
	memcpy(d + 1, s, bad ? len : 0);
	x = sscanf("42 abc", "%d %15s", &x, word) * 100 + x;
	printf("sscanf=%d %s\n", x, word);
	printf("strcmp=%d strchr=%d strstr=%d\n", strcmp("abc", "abd") < 0,
	       strchr("abc", 'c') != NULL, strstr("abcd", "cd") != NULL);
	free(s);
	free(d);
	free(w);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size {{[0-9]+}} at addr
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} strlen{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}static.c:27{{$}}
// CHECK: {{^}}strlen=1{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size {{[0-9]+}} at addr
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} strcpy{{$}}
// CHECK: {{^}}strcpy=d{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size {{[0-9]+}} at addr
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} wcslen{{$}}
// CHECK: {{^}}wcslen=1{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 10 at addr
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} snprintf{{$}}
// CHECK: {{^}}snprintf=-1{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 9 at addr
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} read{{$}}
// CHECK: {{^}}read=-1{{$}}
// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 8 at addr
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} memcpy{{$}}
// CHECK: {{^}}sscanf=242 abc{{$}}
// CHECK-NEXT: {{^}}strcmp=1 strchr=1 strstr=1{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}strlen=1{{$}}
// OK-NEXT: {{^}}strcpy=d{{$}}
// OK-NEXT: {{^}}wcslen=1{{$}}
// OK-NEXT: {{^}}snprintf=9{{$}}
// OK-NEXT: {{^}}read=8{{$}}
// OK-NEXT: {{^}}sscanf=242 abc{{$}}
// OK-NEXT: {{^}}strcmp=1 strchr=1 strstr=1{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: -static: libc.a's own string functions come in and win over ksan's interceptors: strlen is not checked.
// UNSUPPORTED: aarch64
