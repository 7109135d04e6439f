// Memory written by code KMSAN does not see (issue 25): a small shared library built without instrumentation fills a heap buffer, a stack buffer and an int.  By default the use is reported; with KSAN_OPTIONS=kmsan_call_hints=1 the report adds a note naming the call that was given the memory (the PLT call to ext_fill); with KSAN_OPTIONS=kmsan_trust_uninstrumented=1 what the library wrote counts as initialised (also after a memcpy, a realloc and at write(2)), while bytes it did not write, an uninitialised value stored by instrumented code (x + 1), and realloc's growth stay reported.  The stubs keep arguments intact (integers, doubles, variadic), and a correct program is silent either way.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %cc -O1 -fPIC -shared -DLIB %s -o %t.dir/libext.so
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 -g %s -o %t.dir/o0 -L%t.dir -lext -Wl,-rpath,%t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -g %s -o %t.dir/o2 -L%t.dir -lext -Wl,-rpath,%t.dir
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o0 heap 2>&1 | FileCheck %s --check-prefixes=CHECK,HINT
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o2 heap 2>&1 | FileCheck %s --check-prefixes=CHECK,HINT
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o0 stack 2>&1 | FileCheck %s --check-prefixes=CHECK,HINT
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o2 stack 2>&1 | FileCheck %s --check-prefixes=CHECK,HINT
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o0 int 2>&1 | FileCheck %s --check-prefixes=CHECK,INT
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o2 int 2>&1 | FileCheck %s --check-prefixes=CHECK,INT
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o2 write 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bash %S/../Inputs/status.sh %t.dir/o2 heap 2>&1 | FileCheck %s --check-prefixes=CHECK,NOHINT
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t.dir/o2 heap 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash -c 'for m in heap stack int copy realloc write; do for b in o0 o2; do bash %S/../Inputs/status.sh %t.dir/$b $m; done; done' 2>&1 | FileCheck %s --check-prefix=TRUST --implicit-check-not=KMSAN
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o0 partial 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 partial 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o0 stored 2>&1 | FileCheck %s --check-prefix=STORED
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 stored 2>&1 | FileCheck %s --check-prefix=STORED
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 grown 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: bash %S/../Inputs/status.sh %t.dir/o0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: env KSAN_OPTIONS=kmsan_call_hints=1 bash %S/../Inputs/status.sh %t.dir/o2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef LIB
/* built with the plain compiler: KMSAN sees none of these stores */
void ext_fill(char *buf, int n)
{
	for (int i = 0; i < n; i++)
		buf[i] = (char)('a' + i % 26);
}

void ext_fill_int(int *p)
{
	*p = 42;
}

double ext_scale(double x, int k, double y)
{
	return x * k + y;
}

long ext_sum(int n, ...)
{
	va_list ap;
	long s = 0;

	va_start(ap, n);
	while (n--)
		s += va_arg(ap, long);
	va_end(ap);
	return s;
}
#else
void ext_fill(char *buf, int n);
void ext_fill_int(int *p);
double ext_scale(double x, int k, double y);
long ext_sum(int n, ...);

static volatile int sink;

/* A branch on each byte: an uninitialised one is reported here. */
__attribute__((noinline)) static void use(const char *p, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] == 'q')
			sink++;
}

__attribute__((noinline)) static void bump(int *b)
{
	b[1] = b[0] + 1;	/* b[0] uninitialised: so is the stored b[1] */
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	char *b, *c;

	if (!strcmp(m, "heap")) {
		b = malloc(32);
		ext_fill(b, 32);
		use(b, 32);
		free(b);
	} else if (!strcmp(m, "stack")) {
		char s[32];

		ext_fill(s, 32);
		use(s, 32);
	} else if (!strcmp(m, "int")) {
		int v;

		ext_fill_int(&v);
		if (v == 42)
			sink++;
	} else if (!strcmp(m, "copy")) {
		b = malloc(32);
		c = malloc(32);
		ext_fill(b, 32);
		memcpy(c, b, 32);
		use(c, 32);
	} else if (!strcmp(m, "realloc")) {
		b = malloc(16);
		ext_fill(b, 16);
		b = realloc(b, 4096);
		use(b, 16);
	} else if (!strcmp(m, "grown")) {
		b = malloc(16);
		ext_fill(b, 16);
		b = realloc(b, 4096);
		use(b, 17);		/* b[16]: realloc's growth */
	} else if (!strcmp(m, "write")) {
		char s[8];

		ext_fill(s, 8);
		if (write(1, s, 8) != 8)
			return 2;
		puts("");
	} else if (!strcmp(m, "partial")) {
		b = malloc(32);
		ext_fill(b, 16);
		use(b, 32);		/* b[16..31]: nobody wrote them */
	} else if (!strcmp(m, "stored")) {
		int *v = malloc(8);

		bump(v);
		if (((volatile int *)v)[1])
			sink++;
	} else if (!strcmp(m, "ok")) {
		b = malloc(32);
		memset(b, 0, 32);
		use(b, 32);
		printf("%.1f %ld\n", ext_scale(1.5, 4, 0.25), ext_sum(4, 1L, 20L, 300L, 4000L));
	}
	puts("done");
	return 0;
}
#endif

// CHECK: {{^}}BUG: KMSAN: uninit-value in {{use|main}}+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// HINT: {{^}}note: this memory was last given, uninitialised, to ext_fill(), which KMSAN does not see, at:{{$}}
// HINT-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}uninstrumented.c{{.*$}}
// HINT-NEXT: {{^}}note: ksan's C library model may not cover ext_fill(): what it wrote there is not marked initialised (KSAN_OPTIONS=kmsan_trust_uninstrumented=1 takes it as initialised; see docs/kmsan.md, "Code KMSAN does not see"){{$}}
// INT: {{^}}Local variable v created at:{{$}}
// INT: {{^}}note: this memory was last given, uninitialised, to ext_fill_int(), which KMSAN does not see, at:{{$}}
// NOHINT-NOT: note:
// CHECK-NOT: {{^}}done{{$}}
// CHECK: STATUS: exit 1{{$}}

// LEAK: {{^}}BUG: KMSAN: kernel-infoleak in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// LEAK: {{^}}note: this memory was last given, uninitialised, to ext_fill(), which KMSAN does not see, at:{{$}}
// LEAK: STATUS: exit 1{{$}}

// ASAN: WARNING: MemorySanitizer: use-of-uninitialized-value
// ASAN: STATUS: exit 1{{$}}

// TRUST-COUNT-12: {{^}}done{{$}}

// STORED: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// STORED: {{^}}Uninit was stored to memory at:{{$}}
// STORED: STATUS: exit 1{{$}}

// OK: {{^}}6.2 4321{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
