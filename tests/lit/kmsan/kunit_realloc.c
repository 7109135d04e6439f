// realloc keeps the state of the part it keeps and poisons the part it adds: after realloc(8 -> 64) of a buffer whose first int was written, that int is still clean (silent), its never-written second int is still uninitialised with the malloc as origin (through a link at the realloc), and the grown part is uninitialised with the realloc as origin.  Shrinking keeps the state too.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 kept 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: bash %S/../Inputs/status.sh %t2 kept 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: bash %S/../Inputs/status.sh %t0 grown 2>&1 | FileCheck %s --check-prefix=GROWN
// RUN: bash %S/../Inputs/status.sh %t2 grown 2>&1 | FileCheck %s --check-prefix=GROWN
// RUN: bash %S/../Inputs/status.sh %t0 shrunk 2>&1 | FileCheck %s --check-prefix=SHRUNK
// RUN: bash %S/../Inputs/status.sh %t2 shrunk 2>&1 | FileCheck %s --check-prefix=SHRUNK
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

__attribute__((noinline)) static void positive(const char *what)
{
	printf("%s positive\n", what);
}

__attribute__((noinline)) static void not_positive(const char *what)
{
	printf("%s not positive\n", what);
}

__attribute__((noinline)) static void show(const char *what, const int *p)
{
	if (*p > 0)	/* L:use */
		positive(what);
	else
		not_positive(what);
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	int *p = malloc(2 * sizeof(int));	/* L:malloc */
	int *q, *use;
	const char *what;

	setvbuf(stdout, NULL, _IONBF, 0);	/* lines before the report stay before it */
	sink = p;
	p = sink;
	p[0] = 5;
	if (!strcmp(mode, "shrunk")) {
		p = realloc(p, 64 * sizeof(int));
		sink = p;
		p = realloc(sink, 2 * sizeof(int));	/* L:shrink */
		sink = p;
		use = &sink[1];
		what = "shrunk";
	} else {
		q = realloc(p, 16 * sizeof(int));	/* L:realloc */
		sink = q;
		q = sink;
		if (ok) {
			q[1] = 6;
			q[12] = 7;
		}
		show("kept", &q[0]);
		if (ok)
			show("second", &q[1]);
		use = !strcmp(mode, "kept") ? &q[1] : &q[12];
		what = !strcmp(mode, "kept") ? "second" : "grown";
	}
	show(what, use);	/* L:show */
	return 0;
}

// KEPT: {{^}}kept positive{{$}}
// KEPT-NEXT: {{^}}====================================================={{$}}
// KEPT-NEXT: {{^}}BUG: KMSAN: uninit-value in show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// KEPT-NEXT: {{^}} show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:30{{$}}
// KEPT-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:69{{$}}
// (realloc copied the kept part: one link, in realloc's name, as KASAN shows
// the C library function that did the work, without the runtime's frames)
// KEPT: {{^}}Uninit was stored to memory at:{{$}}
// KEPT-NEXT: {{^}} realloc{{$}}
// KEPT-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:56{{$}}
// KEPT-NOT: {{^}}Uninit was stored
// KEPT: {{^}}Uninit was created at:{{$}}
// KEPT-NEXT: {{^}} malloc{{$}}
// KEPT-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:40{{$}}
// KEPT: STATUS: exit 1{{$}}

// GROWN: {{^}}kept positive{{$}}
// GROWN-NEXT: {{^}}====================================================={{$}}
// GROWN-NEXT: {{^}}BUG: KMSAN: uninit-value in show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// GROWN-NEXT: {{^}} show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:30{{$}}
// GROWN-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:69{{$}}
// GROWN-NOT: {{^}}Uninit was stored
// GROWN: {{^}}Uninit was created at:{{$}}
// GROWN-NEXT: {{^}} realloc{{$}}
// GROWN-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:56{{$}}
// GROWN: STATUS: exit 1{{$}}

// SHRUNK: {{^}}BUG: KMSAN: uninit-value in show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SHRUNK-NEXT: {{^}} show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:30{{$}}
// SHRUNK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:69{{$}}
// SHRUNK: {{^}}Uninit was stored to memory at:{{$}}
// SHRUNK-NEXT: {{^}} realloc{{$}}
// SHRUNK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:51{{$}}
// SHRUNK: {{^}}Uninit was created at:{{$}}
// SHRUNK-NEXT: {{^}} malloc{{$}}
// SHRUNK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_realloc.c:40{{$}}
// SHRUNK: STATUS: exit 1{{$}}

// OK: {{^}}kept positive{{$}}
// OK-NEXT: {{^}}second positive{{$}}
// OK-NEXT: {{^}}grown positive{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
