// MemorySanitizer's __msan_check_mem_is_initialized is a use of the bytes, not a boundary they leave by: a failed check is "uninit-value in __msan_check_mem_is_initialized" with the uninitialised byte range (MemorySanitizer: use-of-uninitialized-value, "Uninitialized bytes in __msan_check_mem_is_initialized"), never an infoleak (issue 25); a check of initialised bytes is silent.  verbosity=1 names KMSAN's metadata layout (MemorySanitizer's XOR mapping), not KASAN's shadow offset (issue 25).
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t bad 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t bad 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=verbosity=1 %t ok 2>&1 | FileCheck %s --check-prefix=VERB --implicit-check-not=offset
#include <stdio.h>
#include <string.h>
#include <sanitizer/msan_interface.h>

int main(int argc, char **argv)
{
	char b[8];

	b[0] = 1;
	b[4] = 2;
	if (!strcmp(argv[1], "ok")) {
		__msan_check_mem_is_initialized(b, 1);
		printf("done\n");
		return 0;
	}
	__msan_check_mem_is_initialized(b, 4);
	return 0;
}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in __msan_check_mem_is_initialized{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}msan_api.c:22
// CHECK: {{^}}Local variable b created at:
// CHECK: {{^}}Bytes 1-3 of 4 are uninitialized{{$}}
// CHECK: STATUS: exit 1

// ASAN: {{^}}Uninitialized bytes in __msan_check_mem_is_initialized at offset 1 inside [0x{{[0-9a-f]+}}, 4){{$}}
// ASAN-NEXT: {{^}}==[[#]]==WARNING: MemorySanitizer: use-of-uninitialized-value{{$}}
// ASAN: STATUS: exit 1

// VERB: {{^}}ksan: initialised (pid [[#]], KMSAN: shadow = addr ^ 0x500000000000, origins = shadow + 0x100000000000){{$}}
// VERB: {{^}}done{{$}}
