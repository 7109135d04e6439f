// Without /proc (a chroot, a container): a heap overflow in a dynamic executable is reported with the same fully symbolized stacks (function+offset/size, file:line) as with /proc; KSAN_OPTIONS is honoured; a correct run prints nothing at all.
// RUN: %ksan_cc -g -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t write 2>&1 | FileCheck %s --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t null 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=/proc
// RUN: env KSAN_OPTIONS=report_format=asan:exitcode=7 bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t write 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=no_such_option=1 bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=ksan
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char *get(size_t n)
{
	sink = malloc(n);
	return sink;
}

__attribute__((noinline)) void write_past(char *p, size_t n)
{
	p[n] = 'x';
}

__attribute__((noinline)) void work(const char *what)
{
	char *p = get(100);

	write_past(p, strcmp(what, "write") ? 99 : 100);
	if (!strcmp(what, "null"))	/* reported from the SIGSEGV handler */
		write_past(0, 16);
	free(p);
}

int main(int argc, char **argv)
{
	work(argc > 1 ? argv[1] : "ok");
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in write_past+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{(heap.c.tmp|qemu-aarch64)}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} write_past+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}noproc{{/|\\}}heap.c:23{{$}}
// CHECK-NEXT: {{^}} work+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:30{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:38{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:17{{$}}
// CHECK-NEXT: {{^}} work+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:28{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:38{{$}}
// CHECK: {{^}} 100-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]]){{$}}
// CHECK: STATUS: exit 1{{$}}

// NULL: {{^}}BUG: KASAN: null-ptr-deref in write_past+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// NULL: {{^}}Call Trace:{{$}}
// NULL-NEXT: {{^}} write_past+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:23{{$}}
// NULL-NEXT: {{^}} work+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:32{{$}}
// NULL-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}heap.c:38{{$}}
// NULL: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: heap-buffer-overflow on address
// ASAN: {{^}}    #0 0x{{[0-9a-f]+}} in write_past {{.*}}heap.c:23
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in work {{.*}}heap.c:30
// ASAN-NEXT: {{^}}    #2 0x{{[0-9a-f]+}} in main {{.*}}heap.c:38
// ASAN: STATUS: exit 7{{$}}

// BADOPT: no_such_option
// BADOPT: STATUS: exit 1{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
// Fails with clang on aarch64 (a bug, not fixed here): a fault in a leaf function (write_past) loses its caller (work) from the call trace: clang omits the frame record of aarch64 leaf functions and the unwinder follows x29 only, not the link register.
// XFAIL: clang && aarch64
