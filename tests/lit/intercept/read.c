// read(fd, buf, n) may write all n bytes: a heap buffer smaller than n is reported before the system call (as the kernel checks a copy_to_user); with halt_on_error=0 the call fails with EFAULT and nothing is read; write() of too many bytes (a leak) likewise; the twins are silent.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t read < %s 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t write < %s 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t read < %s 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok < %s 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *buf = sink = malloc(32);
	ssize_t n;

	memset(buf, 0, 32);
	n = read(0, buf, !strcmp(argv[1], "read") ? 64 : 32);
	printf("n=%d errno=%s buf=%.6s\n", (int)n, n < 0 && errno == EFAULT ? "EFAULT" : "-", buf);
	fflush(stdout);
	n = write(1, buf, !strcmp(argv[1], "write") ? 40 : strnlen(buf, 6));
	printf("\n");
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 64 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} read{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read.c:22{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}read.c:18{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[ADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-32 of size 32{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 32-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK: STATUS: exit 1{{$}}

// WRITE: {{^}}n=32 errno=- buf=// rea{{$}}
// WRITE-NEXT: {{^}}=================================================================={{$}}
// WRITE-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WRITE-NEXT: {{^}}Read of size 40 at addr {{[0-9a-f]+}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// WRITE-EMPTY:
// WRITE-NEXT: {{^}}Call Trace:{{$}}
// WRITE-NEXT: {{^}} write{{$}}
// WRITE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read.c:25{{$}}
// WRITE: STATUS: exit 1{{$}}

// GOON: BUG: KASAN: slab-out-of-bounds in main
// GOON: {{^}}n=-1 errno=EFAULT buf={{$}}
// GOON-EMPTY:
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}n=32 errno=- buf=// rea{{$}}
// OK-NEXT: {{^}}// rea{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
