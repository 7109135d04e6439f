// quarantine_size_mb: by default a freed object stays poisoned through heavy churn (use-after-free still caught) and its memory is not handed out again at once; with quarantine_size_mb=0 a freed slot is reused immediately.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t reuse 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: bash %S/../Inputs/status.sh %run %t reuse 2>&1 | FileCheck %s --check-prefix=DEFAULT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *p = sink = malloc(100), *q;
	int i;

	free(p);
	if (argc > 1 && !strcmp(argv[1], "reuse")) {
		q = sink = malloc(100);
		printf("%s\n", q == p ? "reused" : "not reused");
		free(q);
		return 0;
	}
	for (i = 0; i < 20000; i++) {	/* about 3 MB of churn */
		q = sink = malloc(100);
		free(q);
	}
	printf("churned\n");
	fflush(stdout);
	return p[1];
}

// CHECK: churned
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: BUG: KASAN: slab-use-after-free in main
// CHECK: Freed by task
// CHECK: STATUS: exit 1{{$}}

// ZERO: {{^}}reused{{$}}
// ZERO-NEXT: STATUS: exit 0{{$}}

// DEFAULT: {{^}}not reused{{$}}
// DEFAULT-NEXT: STATUS: exit 0{{$}}
