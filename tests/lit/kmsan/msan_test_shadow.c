// MemorySanitizer's __msan_test_shadow(p, n): the offset of the first uninitialised byte, -1 when all n are initialised.  zstd's own test builds (DEBUGLEVEL=2, its workspace check `assert(__msan_test_shadow(table, size) == -1)` before it poisons a table again) did not link under KMSAN without it.  In the executable and from an instrumented shared library (a forwarder).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -fPIC -shared -DLIB %s -o %t.dir/libws.so
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t.dir/exe
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -DUSE_LIB %s -o %t.dir/exe-lib -L%t.dir -lws -Wl,-rpath,%t.dir
// RUN: bash %S/../Inputs/status.sh %t.dir/exe 2>&1 | FileCheck %s --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/exe-lib 2>&1 | FileCheck %s --implicit-check-not=KMSAN
#include <sanitizer/msan_interface.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* zstd's ZSTD_cwksp_mark_tables_dirty, reduced: -1 if the table was clean */
long test_table(void *table, size_t size)
#ifdef USE_LIB
	;
#else
{
	long r = (long)__msan_test_shadow(table, size);

	__msan_poison(table, size);
	return r;
}
#endif

#ifndef LIB
int main(void)
{
	unsigned char *t = malloc(64);
	long fresh, clean, partial;

	fresh = test_table(t, 64);	/* malloc: uninitialised from byte 0 */
	memset(t, 0, 64);
	clean = test_table(t, 64);	/* all written */
	memset(t, 0, 40);
	partial = test_table(t, 64);	/* bytes 40..63 poisoned again above */
	t[0] = 1;
	printf("%ld %ld %ld %ld %ld\n", fresh, clean, partial,
	       (long)__msan_test_shadow(t, 1), (long)__msan_test_shadow(t, 0));
	free(t);
	return 0;
}
#endif

// CHECK: {{^}}0 -1 40 -1 -1{{$}}
// CHECK-NEXT: STATUS: exit 0
