// report_format=asan: when the use is in an inlined function, SUMMARY names it (frame #0, as MemorySanitizer does), with its own file:line, not the function it was inlined into; the kernel layout shows it as an [inline] frame.  -O0 (always_inline) and -O2.  Initialised, silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t0 bad 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 bad 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %t2 bad 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MemorySanitizer
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MemorySanitizer
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn {
	int fd, retries;
};

static inline __attribute__((always_inline)) int reconnect(struct conn *c)
{
	if (c->retries > 3) {	/* L:use */
		puts("giving up");
		exit(2);
	}
	return c->fd;
}

__attribute__((noinline)) static struct conn *open_conn(int set)
{
	struct conn *c = malloc(sizeof(*c));

	c->fd = 3;
	if (set)
		c->retries = 0;
	return c;
}

int main(int argc, char **argv)
{
	struct conn *c = open_conn(argc > 1 && !strcmp(argv[1], "ok"));

	printf("fd %d\n", reconnect(c));
	free(c);
	return 0;
}
// ASAN: {{^}}==[[#]]==WARNING: MemorySanitizer: use-of-uninitialized-value
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in reconnect {{.*}}summary_inline.c:19
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}summary_inline.c:40
// ASAN: {{^}}SUMMARY: MemorySanitizer: use-of-uninitialized-value {{.*}}summary_inline.c:19{{(:[0-9]+)?}} in reconnect{{$}}
// ASAN: STATUS: exit 1
// KERNEL: {{^}}BUG: KMSAN: uninit-value in main+0x
// KERNEL-NEXT: {{^}} reconnect {{.*}}summary_inline.c:19 [inline]
// KERNEL-NEXT: {{^}} main+0x{{.*}}summary_inline.c:40
// OK: {{^}}fd 3{{$}}
// OK-NEXT: STATUS: exit 0
