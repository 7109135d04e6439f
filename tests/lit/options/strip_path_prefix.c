// strip_path_prefix (ASan's option): reports print source paths without it, so a build directory given there leaves the tree-relative paths the kernel's reports have (syzkaller's guilty-file heuristic and its maintainers lookup read them); in the kernel and asan layouts, in json, in a leak's backtrace.  Unset, the paths are as the compiler recorded them.
// RUN: %ksan_cc -O0 -g %s -o %t
// RUN: env KSAN_OPTIONS=strip_path_prefix=%S/ bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=strip_path_prefix=%S/:report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=strip_path_prefix=%S/:report_format=json bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=FULL
#include <stdlib.h>

__attribute__((noinline)) void overflow(volatile char *p)
{
	p[16] = 1;
}

int main(void)
{
	overflow(malloc(16));
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in overflow+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} overflow+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} strip_path_prefix.c:11{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} strip_path_prefix.c:16{{$}}
// CHECK: {{^}}STATUS: exit 1{{$}}

// ASAN: {{^}}    #0 0x{{[0-9a-f]+}} in overflow strip_path_prefix.c:11:{{[0-9]+}}{{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: heap-buffer-overflow strip_path_prefix.c:11:{{[0-9]+}} in overflow{{$}}

// JSON: "function":"overflow","file":"strip_path_prefix.c","line":11

// FULL: {{^}} overflow+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} /{{.*}}/strip_path_prefix.c:11{{$}}
