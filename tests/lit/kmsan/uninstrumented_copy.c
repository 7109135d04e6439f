// KSAN_OPTIONS=kmsan_trust_uninstrumented=1 and copies made inside code KMSAN does not see (issue 25: Debian's libz and liblzma under zstd's suite).  A small shared library built without instrumentation copies with memcpy (the runtime's: the poisoned bytes it copies get an origin chain link) from a scratch buffer it has not written yet, then writes the data over the copy, as zlib and liblzma stage their windows and dictionaries.  With the option those bytes count as initialised (the link only moved the runtime's own fill); bytes it did not write after the copy stay reported, and so does an uninitialised value stored by instrumented code that the library copies on.  A copy by the library's own loop is silent too.  Without the option every one is reported; a correct program is silent either way.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %cc -O1 -fno-builtin -fPIC -shared -DLIB %s -o %t.dir/libextcopy.so
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 -g %s -o %t.dir/o0 -L%t.dir -lextcopy -Wl,-rpath,%t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -g %s -o %t.dir/o2 -L%t.dir -lextcopy -Wl,-rpath,%t.dir
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash -c 'for m in staged staged_stack loop; do for b in o0 o2; do bash %S/../Inputs/status.sh %t.dir/$b $m; done; done' 2>&1 | FileCheck %s --check-prefix=TRUST --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/o0 staged 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: bash %S/../Inputs/status.sh %t.dir/o2 staged 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: bash %S/../Inputs/status.sh %t.dir/o2 staged_stack 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: bash %S/../Inputs/status.sh %t.dir/o2 loop 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o0 staged_half 2>&1 | FileCheck %s --check-prefixes=CHECK,HALF
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 staged_half 2>&1 | FileCheck %s --check-prefixes=CHECK,HALF
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o0 stored 2>&1 | FileCheck %s --check-prefixes=CHECK,STORED
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 stored 2>&1 | FileCheck %s --check-prefixes=CHECK,STORED
// RUN: bash %S/../Inputs/status.sh %t.dir/o2 ok 2>&1 | FileCheck %s --check-prefix=TRUST --implicit-check-not=KMSAN
// RUN: env KSAN_OPTIONS=kmsan_trust_uninstrumented=1 bash %S/../Inputs/status.sh %t.dir/o2 ok 2>&1 | FileCheck %s --check-prefix=TRUST --implicit-check-not=KMSAN
#include <stdlib.h>
#include <string.h>

#ifdef LIB
/* built with the plain compiler: KMSAN sees none of these stores; memcpy is
 * the runtime's (the program's), reached through the PLT */
void ext_stage(char *dst, const char *scratch, int n, int fill)
{
	memcpy(dst, scratch, n);
	for (int i = 0; i < fill; i++)
		dst[i] = (char)('a' + i % 26);
}

void ext_copy(char *dst, const char *src, int n)
{
	memcpy(dst, src, n);
}

void ext_loop_copy(char *dst, int n)
{
	char tmp[64];

	for (int i = 0; i < n; i++)
		tmp[i] = (char)('A' + i % 26);
	for (int i = 0; i < n; i++)
		dst[i] = tmp[i];
}
#else
#include <stdio.h>

void ext_stage(char *dst, const char *scratch, int n, int fill);
void ext_copy(char *dst, const char *src, int n);
void ext_loop_copy(char *dst, int n);

/* A branch on each byte's top bit: an uninitialised byte is reported here. */
__attribute__((noinline)) static void check(const char *p, int n)
{
	while (n-- > 0)
		if (*p++ & 0x80)
			puts("high");
}

/* Stores v[0] * 3 into v[1] in instrumented code: v[0] is uninitialised,
 * so is the stored value, whose origin gets a store's chain link. */
__attribute__((noinline)) static void triple(int *v)
{
	v[1] = v[0] * 3;
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	char *b = malloc(64), *scratch = malloc(64);

	if (!strcmp(m, "staged")) {
		ext_stage(b, scratch, 64, 64);
		check(b, 64);
	} else if (!strcmp(m, "staged_stack")) {
		char s[64];

		ext_stage(s, scratch, 64, 64);
		check(s, 64);
	} else if (!strcmp(m, "staged_half")) {
		ext_stage(b, scratch, 64, 32);
		check(b, 64);	/* b[32..63]: only the copy's fill */
	} else if (!strcmp(m, "stored")) {
		int *v = malloc(8);

		triple(v);
		ext_copy(b, (const char *)v, 8);
		if (((volatile int *)b)[1] == 7)	/* v[1], copied */
			puts("seven");
	} else if (!strcmp(m, "loop")) {
		ext_loop_copy(b, 64);
		check(b, 64);
	} else if (!strcmp(m, "ok")) {
		memset(scratch, 'x', 64);
		ext_stage(b, scratch, 64, 0);
		check(b, 64);
	}
	free(scratch);
	free(b);
	puts("done");
	return 0;
}
#endif

// CHECK: {{^}}BUG: KMSAN: uninit-value in {{check|main}}+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// HALF: {{^}}Uninit was stored to memory at:{{$}}
// STORED: {{^}}Uninit was stored to memory at:{{$}}
// STORED: {{^}} triple+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}uninstrumented_copy.c{{.*$}}
// TRUST: {{^}}done{{$}}
// TRUST-NOT: KMSAN
