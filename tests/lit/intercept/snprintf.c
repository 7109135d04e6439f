// snprintf is checked for exactly the bytes it writes, min(length+1, size), before it writes them: a size larger than the buffer is reported only when the output does not fit the buffer; sprintf likewise with length+1; with halt_on_error=0 nothing is written and -1 returned.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t snprintf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t sprintf 2>&1 | FileCheck %s --check-prefix=SPRINTF
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t snprintf 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;
volatile int value = 424242424;	/* not known to the compiler's printf folding */

int main(int argc, char **argv)
{
	char *buf = sink = malloc(16);
	int r = 0;

	buf[0] = 0;
	if (!strcmp(argv[1], "snprintf"))
		r = snprintf(buf, 64, "%s=%d", "answer", value);
	else if (!strcmp(argv[1], "sprintf"))
		r = sprintf(buf, "%s-%s", argv[1], argv[0]);
	printf("r=%d buf=\"%s\"\n", r, buf);
	/* larger size than the buffer, short output: nothing bad is written */
	r = snprintf(buf, 64, "%s=%d", "answer", 42);
	printf("r=%d buf=\"%s\"\n", r, buf);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 17 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} snprintf{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}snprintf.c:22{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}snprintf.c:17{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[ADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-16 of size 16{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 16-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK: STATUS: exit 1{{$}}

// SPRINTF: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SPRINTF-NEXT: {{^}}Write of size {{[0-9]+}} at addr {{[0-9a-f]+}} by task
// SPRINTF: {{^}}Call Trace:{{$}}
// SPRINTF-NEXT: {{^}} sprintf{{$}}
// SPRINTF-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}snprintf.c:24{{$}}
// SPRINTF: STATUS: exit 1{{$}}

// GOON: BUG: KASAN: slab-out-of-bounds in main
// GOON: {{^}}r=-1 buf=""{{$}}
// GOON-NEXT: {{^}}r=9 buf="answer=42"{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}r=0 buf=""{{$}}
// OK-NEXT: {{^}}r=9 buf="answer=42"{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
