// free/realloc of a pointer just past an object's start (p+1, p+8, an aligned block + 16, a large object + 1) is an invalid-free report, never a crash; the twin frees the starts.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t small1 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: bash %S/../Inputs/status.sh %run %t small8 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %run %t aligned16 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %run %t large1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %run %t header 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %run %t realloc1 2>&1 | FileCheck %s --check-prefix=REALLOC
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t all 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t small1 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *volatile sink;
/* volatile, so that no compiler drops an allocation it can see freed */
char *volatile s, *volatile a, *volatile l;

static __attribute__((noinline)) void bad(const char *m, int all)
{
	s = malloc(16);
	a = aligned_alloc(64, 64);
	l = malloc(100000);
	if (all || !strcmp(m, "small1"))
		free(s + 1);
	if (all || !strcmp(m, "small8"))
		free(s + 8);
	if (all || !strcmp(m, "aligned16"))
		free(a + 16);
	if (all || !strcmp(m, "large1"))
		free(l + 1);
	if (all || !strcmp(m, "header"))
		free(s - 16);
	if (all || !strcmp(m, "realloc1"))
		sink = realloc(s + 1, 100);
	/* the objects are intact after the bad frees */
	s[15] = a[63] = l[99999] = 1;
	free(s);
	free(a);
	free(l);
}

int main(int argc, char **argv)
{
	if (!strcmp(argv[1], "ok")) {
		s = malloc(16);
		a = aligned_alloc(64, 64);
		l = malloc(100000);
		free(s);
		free(a);
		free(l);
	} else {
		bad(argv[1], !strcmp(argv[1], "all"));
	}
	printf("done\n");
	return 0;
}

// SMALL: {{^}}BUG: KASAN: invalid-free in bad+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SMALL-NEXT: {{^}}Free of addr {{[0-9a-f]+}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// SMALL-EMPTY:
// SMALL-NEXT: Call Trace:
// SMALL-NEXT: {{^}} free{{$}}
// SMALL-NEXT: bad+0x{{.*}}misaligned_free.c:27
// SMALL: The buggy address is located 1 bytes inside of
// SMALL-NEXT: {{^}} 16-byte region
// SMALL: STATUS: exit 1{{$}}

// BAD: {{^}}BUG: KASAN: invalid-free in bad
// BAD: {{^}} free{{$}}
// BAD: STATUS: exit 1{{$}}

// REALLOC: {{^}}BUG: KASAN: invalid-free in bad
// REALLOC: {{^}} realloc{{$}}
// REALLOC: STATUS: exit 1{{$}}

// GOON-COUNT-6: {{^}}BUG: KASAN: invalid-free in bad
// GOON-NOT: BUG
// GOON: done
// GOON-NEXT: STATUS: exit 0{{$}}

// ASAN: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: attempting free on address which was not malloc()-ed: 0x{{[0-9a-f]+}} in thread T0:{{$}}
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in free{{$}}
// ASAN: is located 1 bytes inside of 16-byte region
// ASAN: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
