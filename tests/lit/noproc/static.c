// Without /proc: a -static executable's heap overflow and use-after-free are reported with fully symbolized stacks (the executable found through the auxiliary vector, not /proc/self/exe), the same as with /proc.
// RUN: %ksan_cc -g -O1 -static %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t ovf 2>&1 | FileCheck %s --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ovf 2>&1 | FileCheck %s --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF --implicit-check-not=/proc
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ovf 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=ksan
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char *copy(const char *s)
{
	char *p = sink = malloc(strlen(s));

	memcpy(p, s, strlen(s));
	return p;
}

__attribute__((noinline)) void terminate(char *p, size_t n)
{
	p[n] = 0;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	char *line = copy("static binaries work too");

	if (!strcmp(what, "ovf")) {
		terminate(line, 24);
	} else if (!strcmp(what, "uaf")) {
		free(line);
		printf("%c\n", line[3]);
	}
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in terminate+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{(static.c.tmp|qemu-aarch64)}}/{{[0-9]+}}{{$}}
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} terminate+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:24{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:33{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} copy+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:16{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:30{{$}}
// CHECK: 24-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]])
// CHECK: STATUS: exit 1{{$}}

// UAF: {{^}}BUG: KASAN: slab-use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UAF: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:36{{$}}
// UAF: {{^}}Freed by task {{[0-9]+}}:{{$}}
// UAF-NEXT: {{^}} free{{$}}
// UAF-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:35{{$}}
// UAF: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: heap-buffer-overflow on address
// ASAN: {{^}}    #0 0x{{[0-9a-f]+}} in terminate {{.*}}static.c:24
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}static.c:33
// ASAN: STATUS: exit 1{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
