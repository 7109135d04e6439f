// memcmp, bcmp, strcmp and strncmp decide their result from the program's bytes: an uninitialised byte up to the first difference is a use, reported as "uninit-value in memcmp" (the call's name) with the caller as the first frame (issue 25: KMSAN missed it, MemorySanitizer reports it in bcmp).  Bytes after the first difference (or strcmp's NUL) change nothing: silent, as are comparisons of initialised bytes.  A static executable's C library calls the same functions on memory it wrote itself: its calls are told apart by their return address in libc.a's code (ksan-cc's linker script), so the program's are checked there too and setlocale's own strncmp is not (it was reported before the range existed).
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t0 memcmp 2>&1 | FileCheck %s -DFN=memcmp
// RUN: bash %S/../Inputs/status.sh %t2 memcmp 2>&1 | FileCheck %s -DFN=memcmp
// RUN: bash %S/../Inputs/status.sh %t2 bcmp 2>&1 | FileCheck %s -DFN=bcmp
// RUN: bash %S/../Inputs/status.sh %t2 strncmp 2>&1 | FileCheck %s -DFN=strncmp
// RUN: bash %S/../Inputs/status.sh %t2 strcmp 2>&1 | FileCheck %s -DFN=strcmp
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts memcmp 2>&1 | FileCheck %s -DFN=memcmp
// RUN: bash %S/../Inputs/status.sh %ts bcmp 2>&1 | FileCheck %s -DFN=bcmp
// RUN: bash %S/../Inputs/status.sh %ts strncmp 2>&1 | FileCheck %s -DFN=strncmp
// RUN: bash %S/../Inputs/status.sh %ts strcmp 2>&1 | FileCheck %s -DFN=strcmp
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int bcmp(const void *, const void *, size_t);
/* the length from outside: the compiler cannot expand the call */
static volatile size_t len = 8;
static int (*volatile cmp)(const void *, const void *, size_t);

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	char *a = malloc(16), *b = malloc(16);
	int r = 0;

	setlocale(LC_ALL, "C.UTF-8");	/* the C library's own strncmp */
	memcpy(a, "abcdefg", 8);	/* a[8..15] uninitialised */
	memcpy(b, "abcdefg", 8);
	if (!strcmp(mode, "ok")) {
		r += memcmp(a, b, len) != 0;
		r += bcmp(a, b, len) != 0;
		r += strncmp(a, b, 16) != 0;	/* stops at the NUL */
		r += strcmp(a, b) != 0;
		b[3] = 'x';			/* decided at byte 3 */
		r += memcmp(a, b, 16) == 0;
		r += bcmp(a, b, 16) == 0;
		r += strncmp(a, b, 16) == 0;
		printf("done %d\n", r);
		return 0;
	}
	a[7] = b[7] = 'h';		/* no NUL: the strings run on */
	if (!strcmp(mode, "memcmp"))
		cmp = memcmp;
	else if (!strcmp(mode, "bcmp"))
		cmp = bcmp;
	if (cmp)
		r = cmp(a, b, len + 1);	/* byte 8 is uninitialised in both */
	else if (!strcmp(mode, "strncmp"))
		r = strncmp(a, b, len + 1);
	else
		r = strcmp(a, b);
	printf("r %d\n", r != 0);
	return 0;
}

// OK: {{^}}done 0{{$}}
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in [[FN]]{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}libc_cmp.c:{{[0-9]+}}
// CHECK: {{^}}Uninit was created at:
// CHECK-NEXT: {{^}} malloc
// CHECK-NEXT: {{^}} main+0x
// CHECK: {{^}}Byte 8 of 9 is uninitialized{{$}}
// CHECK: STATUS: exit 1
