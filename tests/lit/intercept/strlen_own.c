// A program may define a C library function itself (GCC's asan/strlen-overflow-1.c defines an uninstrumented strlen; here also puts): it links, dynamic and static, and its definition is the one called, as with ASan.  (A bug inside such a function is not seen: kernel-address instrumentation does not check builtin strlen calls as user-space ASan's does.)
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
// RUN: %ksan_cc -O1 -static %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t.static 2>&1 | FileCheck %s --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>

int own_strlen, own_puts;

__attribute__((no_sanitize_address, noinline)) size_t strlen(const char *p)
{
	size_t n = 0;

	own_strlen = 1;
	while (p[n])
		n++;
	return n;
}

int puts(const char *s)
{
	own_puts = 1;
	return printf("own puts: %s\n", s);
}

int main(int argc, char **argv)
{
	char buf[] = "abcdef", *p = buf;
	size_t n;

	/* the length itself is printed: clang turns a bare strlen(p) > 0
	 * into *p != 0, and then only the runtime's own start-up called the
	 * program's strlen */
	__asm__("" : "+r"(p));
	setvbuf(stdout, NULL, _IONBF, 0);
	puts("hello");
	n = strlen(p);	/* before own_strlen is read (argument order is unspecified) */
	printf("len %zu own %d %d\n", n, own_strlen, own_puts);
	return 0;
}

// CHECK: {{^}}own puts: hello{{$}}
// CHECK-NEXT: {{^}}len 6 own 1 1{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: -static: libc.a's strlen.o, an ifunc, comes in and clashes with the program's strlen.
// UNSUPPORTED: aarch64
