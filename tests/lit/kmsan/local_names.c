// Local variables of inlined functions are named as the program wrote them: clang calls them "r.i", "buf.i14", "r.i.i17" once inlined (at -O0 too, for always_inline), and the origin line says "Local variable r created at:" (asan: "allocation of 'r'", json: "variable":"r"), in every layout; initialised, silent.  -O0 and -O2.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 1 1 0 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=.i
// RUN: bash %S/../Inputs/status.sh %t2 1 1 0 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=.i
// RUN: bash %S/../Inputs/status.sh %t0 1 0 1 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=.i
// RUN: bash %S/../Inputs/status.sh %t2 1 0 1 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=.i
// RUN: bash %S/../Inputs/status.sh %t0 0 1 1 2>&1 | FileCheck %s --check-prefix=BUF --implicit-check-not=.i
// RUN: bash %S/../Inputs/status.sh %t2 0 1 1 2>&1 | FileCheck %s --check-prefix=BUF --implicit-check-not=.i
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 0 1 1 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %t2 0 1 1 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %t0 1 1 1 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 1 1 1 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void fill(int *p, int k)
{
	if (k)
		*p = 1;
}

static inline __attribute__((always_inline)) int get_one(int k)
{
	int r;

	fill(&r, k);
	return r;
}

static inline __attribute__((always_inline)) int get_buf(int k, int nested)
{
	int buf[4];

	fill(buf, k);
	return get_one(nested) + buf[0];
}

int main(int argc, char **argv)
{
	int a = argc > 3 ? atoi(argv[1]) : 1, b = argc > 3 ? atoi(argv[2]) : 1;
	int c = argc > 3 ? atoi(argv[3]) : 1;
	int v = get_buf(a, b) + get_one(c);

	if (v > 1)
		printf("big %d\n", v);
	printf("done\n");
	return 0;
}
// ONE: {{^}}BUG: KMSAN: uninit-value in main
// ONE: {{^}}Local variable r created at:{{$}}
// ONE: STATUS: exit 1
// TWICE: {{^}}BUG: KMSAN: uninit-value in main
// TWICE: {{^}}Local variable r created at:{{$}}
// TWICE: STATUS: exit 1
// BUF: {{^}}BUG: KMSAN: uninit-value in main
// BUF: {{^}}Local variable buf created at:{{$}}
// BUF: STATUS: exit 1
// ASAN: {{^}}  Uninitialized value was created by an allocation of 'buf' in the stack frame of function 'main'{{$}}
// JSON: "kind":"stack","variable":"buf",
// OK: {{^}}big 3{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0
