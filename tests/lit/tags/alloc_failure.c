// Tag-based KASAN's report of an allocation that cannot be made (calloc overflow) in the kernel layout: the kernel's WARN line (syzkaller: "WARNING in parse", not corrupted: a "BUG: KASAN:" title with no access line is), the detector's words, the request and its Call Trace (docs/report-format.md, "Read by").  The twin, "ok", allocates and stays silent.
// REQUIRES: aarch64
// RUN: %ksan_cc_plain --ksan=kasan-hw -g -O0 %s -o %t
// RUN: not %run %t calloc 2>&1 | FileCheck %s --implicit-check-not=BUG:
// RUN: %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void *parse(const char *how)
{
	volatile size_t n = strcmp(how, "ok") ? (size_t)1 << 62 : 4;

	return calloc(n, 8);
}

int main(int argc, char **argv)
{
	void *volatile p = parse(argv[1]);

	printf("%s\n", p ? "allocated" : "NULL");
	free(p);
	return 0;
}

// CHECK: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{[^ ]*}}alloc_failure.c:14 parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}KASAN: calloc-overflow in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}calloc-overflow (0x4000000000000000, 0x8) requested at pc 0x{{[0-9a-f]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}alloc_failure.c:14{{$}}
// CHECK: {{^}}Crash signature:

// OK: allocated
