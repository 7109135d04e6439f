// A -static executable (which ASan does not support) starts (glibc allocates before any constructor) and reports heap bugs; also a correct run.
// RUN: %ksan_cc -O1 -static %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t ovf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env KSAN_OPTIONS=verbosity=1 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *line = strdup("static binaries work too");	/* libc allocates through ksan */
	char *p = sink = malloc(strlen(line));

	if (!strcmp(argv[1], "ovf")) {
		memcpy(p, line, strlen(line));	/* fits ... */
		sink[strlen(line)] = 0;	/* ... but the NUL does not */
	} else if (!strcmp(argv[1], "uaf")) {
		free(line);
		printf("%c\n", line[3]);
	}
	printf("%s\n", line);
	free(line);
	free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: {{^}} main+0x{{.*}}static.c:19{{$}}
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK: 24-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]])
// CHECK: STATUS: exit 1{{$}}

// UAF: {{^}}BUG: KASAN: slab-use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UAF: Allocated by task
// UAF-NEXT: {{^}} malloc{{$}}
// UAF: strdup
// UAF: Freed by task
// UAF-NEXT: {{^}} free{{$}}
// UAF: STATUS: exit 1{{$}}

// OK: ksan: initialised
// OK: static binaries work too
// OK-NEXT: STATUS: exit 0{{$}}
