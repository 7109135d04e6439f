// Infoleak (the kernel's kernel-infoleak, here at write(2)): a struct whose padding (bytes 4-7 of 16) was never written goes into a pipe; the report names the exact byte range, the access size, and the local variable the bytes came from.  Heap variant: the origin is the allocation.  kmsan_test test_memcpy_aligned_to_unaligned: an uninitialised int copied to byte 1 of a zeroed 8-byte buffer leaks bytes 1-4.  A freed buffer written out is "infoleak-after-free" with the free as origin (test_uaf's boundary twin).  Cleared with memset first, the same write is silent and the reader gets all 16 bytes.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: bash %S/../Inputs/status.sh %t2 stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: bash %S/../Inputs/status.sh %t0 heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %t2 heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %t0 unaligned 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: bash %S/../Inputs/status.sh %t2 unaligned 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: bash %S/../Inputs/status.sh %t0 freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: bash %S/../Inputs/status.sh %t2 freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct msg {
	int type;	/* bytes 0-3, then 4 bytes of padding */
	long value;	/* bytes 8-15 */
};

_Static_assert(sizeof(struct msg) == 16, "layout");

void *volatile sink;
volatile int released;
volatile size_t four = 4;

__attribute__((noinline)) static void *hide(void *p)
{
	sink = p;
	return sink;
}

__attribute__((noinline)) static void release(void *p)
{
	free(p);	/* L:free */
	released++;	/* no tail call: release stays on the free stack */
}

__attribute__((noinline)) static int send_msg(int fd, const struct msg *m)
{
	return write(fd, m, sizeof(*m)) == sizeof(*m) ? 0 : -1;	/* L:write */
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int fd[2];
	struct msg m;	/* L:local */
	struct msg *h = malloc(sizeof(*h));	/* L:alloc */
	struct msg *out = !strcmp(mode, "heap") ? h : &m;
	unsigned char in[16];

	if (pipe(fd))
		return 2;
	if (!strcmp(mode, "unaligned")) {
		int *src = hide(malloc(sizeof(int)));	/* L:alloc4 */
		unsigned char buf8[8];

		memset(buf8, 0, sizeof(buf8));
		/* a length the compiler cannot see: the runtime's memcpy does the
		 * copy (an inlined unaligned 4-byte store paints only one origin
		 * slot, and byte 4 would be reported apart, with another origin) */
		memcpy(hide(buf8 + 1), src, four);	/* L:memcpy */
		return write(fd[1], buf8, sizeof(buf8)) != sizeof(buf8);	/* L:write8 */
	}
	if (!strcmp(mode, "freed")) {
		struct msg *f = hide(malloc(sizeof(*f)));

		memset(f, 0, sizeof(*f));
		release(f);	/* L:release */
		return write(fd[1], sink, sizeof(*f)) != sizeof(*f);	/* L:writefreed */
	}
	if (!strcmp(mode, "ok"))
		memset(out, 0, sizeof(*out));
	out->type = 1;
	out->value = 0x1122334455667788;
	if (send_msg(fd[1], out))	/* L:call */
		return 3;
	printf("read %zd\n", read(fd[0], in, sizeof(in)));
	return 0;
}

// STACK: {{^}}====================================================={{$}}
// STACK-NEXT: {{^}}BUG: KMSAN: kernel-infoleak in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// STACK: {{^}} send_msg+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:44{{$}}
// STACK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:80{{$}}
// STACK: {{^}}Local variable m created at:{{$}}
// STACK-NEXT: {{^}} main+
// STACK: {{^}}Bytes 4-7 of 16 are uninitialized{{$}}
// STACK-NEXT: {{^}}Memory access of size 16 starts at 0x{{[0-9a-f]+}}{{$}}
// STACK-NEXT: {{^}}Data passed to write{{$}}
// STACK: {{^}}====================================================={{$}}
// STACK-NOT: read
// STACK: STATUS: exit 1{{$}}

// HEAP: {{^}}BUG: KMSAN: kernel-infoleak in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// HEAP: {{^}} send_msg+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:44{{$}}
// HEAP: {{^}}Uninit was created at:{{$}}
// HEAP-NEXT: {{^}} malloc{{$}}
// HEAP-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:52{{$}}
// HEAP: {{^}}Bytes 4-7 of 16 are uninitialized{{$}}
// HEAP-NEXT: {{^}}Memory access of size 16 starts at 0x{{[0-9a-f]+}}{{$}}
// HEAP-NEXT: {{^}}Data passed to write{{$}}
// HEAP-NOT: read
// HEAP: STATUS: exit 1{{$}}

// UNALIGNED: {{^}}====================================================={{$}}
// UNALIGNED-NEXT: {{^}}BUG: KMSAN: kernel-infoleak in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UNALIGNED: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:67{{$}}
// UNALIGNED: {{^}}Uninit was stored to memory at:{{$}}
// UNALIGNED-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:66{{$}}
// UNALIGNED: {{^}}Uninit was created at:{{$}}
// UNALIGNED-NEXT: {{^}} malloc{{$}}
// UNALIGNED-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:59{{$}}
// UNALIGNED-NOT: {{^}}Uninit was
// UNALIGNED: {{^}}Bytes 1-4 of 8 are uninitialized{{$}}
// UNALIGNED-NEXT: {{^}}Memory access of size 8 starts at 0x{{[0-9a-f]+}}{{$}}
// UNALIGNED-NEXT: {{^}}Data passed to write{{$}}
// UNALIGNED: {{^}}====================================================={{$}}
// UNALIGNED-NEXT: STATUS: exit 1{{$}}

// FREED: {{^}}====================================================={{$}}
// FREED-NEXT: {{^}}BUG: KMSAN: kernel-infoleak-after-free in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// FREED: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:74{{$}}
// FREED: {{^}}Uninit was created at:{{$}}
// FREED-NEXT: {{^}} free{{$}}
// FREED-NEXT: {{^}} release+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:38{{$}}
// FREED-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak.c:73{{$}}
// FREED: {{^}}Bytes 0-15 of 16 are uninitialized{{$}}
// FREED-NEXT: {{^}}Memory access of size 16 starts at 0x{{[0-9a-f]+}}{{$}}
// FREED-NEXT: {{^}}Data passed to write{{$}}
// FREED: {{^}}====================================================={{$}}
// FREED-NEXT: STATUS: exit 1{{$}}

// OK: {{^}}read 16{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
