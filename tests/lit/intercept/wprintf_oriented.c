// A freed %ls argument of wprintf is reported in every case (the program passed a bad pointer), but where stdout is byte-oriented (the program printed with printf first) glibc's wprintf returns -1 without reading its format or arguments, and the report says so (issue 25: Juliet's CWE416 wprintf cases); on a wide-oriented or not yet oriented stream the report has no such line.  All three layouts.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t byte 2>&1 | FileCheck %s --check-prefix=BYTE
// RUN: bash %S/../Inputs/status.sh %run %t wide 2>&1 | FileCheck %s --check-prefix=WIDE --implicit-check-not=byte-oriented
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t byte 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t byte 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t twice 2>&1 | FileCheck %s --check-prefix=TWICE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

wchar_t *volatile sink;

__attribute__((noinline)) wchar_t *freed(void)
{
	wchar_t *w = sink = wcsdup(L"hello");

	free(w);
	return w;
}

int main(int argc, char **argv)
{
	wchar_t *w = freed();

	if (!strcmp(argv[1], "byte")) {
		printf("narrow first\n");	/* stdout becomes byte-oriented */
		fflush(stdout);
		wprintf(L"%ls\n", w);
	} else if (!strcmp(argv[1], "wide")) {
		wprintf(L"%ls\n", w);		/* no orientation yet: glibc reads it */
	} else {
		printf("narrow first\n");
		fflush(stdout);
		printf("r %d\n", wprintf(L"%ls\n", w));
		/* the note belongs to that report only */
		wchar_t *v = freed();
		fprintf(stderr, "%ls\n", v);
	}
	return 0;
}

// BYTE: {{^}}narrow first{{$}}
// BYTE: {{^}}BUG: KASAN: slab-use-after-free in main
// BYTE-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{.*}} by task
// BYTE-NEXT: {{^}}The stream is byte-oriented: the C library's wide printf returns -1 there without reading its format or arguments{{$}}
// BYTE-EMPTY:
// BYTE-NEXT: {{^}}Call Trace:
// BYTE: STATUS: exit 1

// WIDE: {{^}}BUG: KASAN: slab-use-after-free in main
// WIDE-NEXT: {{^}}Read of size
// WIDE-EMPTY:
// WIDE: STATUS: exit 1

// ASAN: {{^}}READ of size {{[0-9]+}} at
// ASAN: {{^}}Note: The stream is byte-oriented: the C library's wide printf returns -1 there without reading its format or arguments{{$}}
// ASAN: STATUS: exit 1

// JSON: "note":"The stream is byte-oriented: the C library's wide printf returns -1 there without reading its format or arguments"

// TWICE: {{^}}BUG: KASAN: slab-use-after-free in main
// TWICE-NEXT: {{^}}Read of size
// TWICE-NEXT: {{^}}The stream is byte-oriented
// TWICE: {{^}}BUG: KASAN: slab-use-after-free in main
// TWICE-NEXT: {{^}}Read of size
// TWICE-NOT: byte-oriented
// TWICE: STATUS: exit 0
