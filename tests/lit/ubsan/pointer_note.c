// A misaligned or too small object's address gets compiler-rt's memory note in the asan layout: "0x<addr>: note: pointer points here", 32 bytes from 8 before the address, a '^' under its byte (GCC's own ubsan tests match these lines); a null pointer gets none, and the kasan layout stays the kernel's.
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=ubsan -fsanitize=alignment -O0 %s -o %t
// RUN: env KSAN_OPTIONS=report_format=asan %run %t 2>&1 | FileCheck %s --check-prefix=ASAN --strict-whitespace
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=KASAN --implicit-check-not=note:
// UNSUPPORTED: musl
#include <stdio.h>
#include <string.h>

__attribute__((aligned(16))) unsigned char bytes[64];

__attribute__((noinline)) int load(int *p)
{
	return *p;
}

int main(void)
{
	int i;

	for (i = 0; i < 64; i++)
		bytes[i] = (unsigned char)i;
	printf("%x\n", load((int *)(bytes + 17)));
	return 0;
}

// ASAN: {{^}}{{.*}}pointer_note.c:13:{{[0-9]+}}: runtime error: load of misaligned address 0x[[A:[0-9a-f]+]] for type 'int', which requires 4 byte alignment{{$}}
// ASAN-NEXT: {{^}}0x[[A]]: note: pointer points here{{$}}
// ASAN-NEXT: {{^}} 09 0a 0b 0c 0d 0e 0f  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  20 21 22 23 24 25 26 27  28{{$}}
// ASAN-NEXT: {{^}}                          ^ {{$}}
// ASAN: {{^}}SUMMARY: UndefinedBehaviorSanitizer

// KASAN: {{^}}UBSAN: misaligned-access in {{.*}}pointer_note.c:13:{{[0-9]+}}{{$}}
// KASAN-NEXT: {{^}}load of misaligned address
