// A non-zero offset applied to a null pointer: the offset in decimal, as compiler-rt's UBSan prints it ("applying non-zero offset 18446744073709551615 to null pointer"; GCC's c-c++-common/ubsan/ptr-overflow-2.c expects digits), in both layouts.
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=ubsan -fsanitize=pointer-overflow -O0 %s -o %t
// RUN: %run %t 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan %run %t 2>&1 | FileCheck %s --check-prefix=ASAN
// UNSUPPORTED: musl
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) char *add(char *p, unsigned long i)
{
	return p + i;	/* null + (2^64 - 1): GCC's check catches the wrap */
}

int main(int argc, char **argv)
{
	char *p = add(0, -1ul);

	printf("%d\n", p != 0);
	return 0;
}

// CHECK: {{^}}UBSAN: pointer-overflow in {{.*}}pointer_overflow_null.c:11:{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}applying non-zero offset 18446744073709551615 to null pointer{{$}}
// ASAN: {{^}}{{.*}}pointer_overflow_null.c:11:{{[0-9]+}}: runtime error: applying non-zero offset 18446744073709551615 to null pointer{{$}}
