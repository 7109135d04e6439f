// KSAN_OPTIONS syntax: an empty value is fine, and ':' and ',' (and mixed, repeated) both separate keys; a later key wins.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS= bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env KSAN_OPTIONS=halt_on_error=0:exitcode=9 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env KSAN_OPTIONS=halt_on_error=0,exitcode=9 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env KSAN_OPTIONS=exitcode=9,halt_on_error=1: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NINE
// RUN: env KSAN_OPTIONS=:exitcode=3,,:exitcode=9 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NINE
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;

int main(void)
{
	char *p = sink = malloc(4);

	p[4] = 1;
	printf("went on\n");
	return 0;
}

// DEFAULT: BUG: KASAN: slab-out-of-bounds
// DEFAULT-NOT: went on
// DEFAULT: STATUS: exit 1{{$}}

// GOON: BUG: KASAN: slab-out-of-bounds
// GOON: went on
// GOON-NEXT: STATUS: exit 0{{$}}

// NINE: BUG: KASAN: slab-out-of-bounds
// NINE-NOT: went on
// NINE: STATUS: exit 9{{$}}
