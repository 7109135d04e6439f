// container_of on the wrong list: an event loop keeps timers and I/O watchers (both typed by KSAN_NEW) on intrusive lists, and one list node reaches the I/O callback's KSAN_CONTAINER_OF: reported as type-confusion with both types, where the pointer is in the object and its allocation stack, in the three layouts.  A right type at the wrong member offset is reported too.  Silent twins: the right container_of; the same code on untyped objects (plain malloc); a typed pool object reused as the same type; a member typed inside a typed object.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t wrong 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t wrong 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t wrong 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t member 2>&1 | FileCheck %s --check-prefix=MEMBER
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t right 2>&1 | FileCheck %s --check-prefix=RIGHT --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t untyped 2>&1 | FileCheck %s --check-prefix=UNTYPED --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t embedded 2>&1 | FileCheck %s --check-prefix=EMBEDDED --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

struct list_head {
	struct list_head *next, *prev;
};

struct timer {
	long expires;
	struct list_head node;
	void (*fire)(struct timer *);
};

struct io {
	struct list_head node;
	int fd;
	int events;
	void (*ready)(struct io *);
};

struct conn {
	char name[16];
	struct timer idle;	/* a timer embedded in a connection */
};

__attribute__((noinline)) static struct timer *new_timer(void)
{
	struct timer *t = KSAN_NEW(struct timer);

	t->expires = 5;
	return t;
}

__attribute__((noinline)) static int io_dispatch(struct list_head *n)
{
	struct io *io = KSAN_CONTAINER_OF(n, struct io, node);

	return io->fd;
}

__attribute__((noinline)) static long timer_dispatch(struct list_head *n)
{
	struct timer *t = KSAN_CONTAINER_OF(n, struct timer, node);

	return t->expires;
}

int main(int argc, char **argv)
{
	struct timer *t;
	struct io *io;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "wrong")) {
		t = new_timer();
		printf("fd %d\n", io_dispatch(&t->node));	/* a timer on the I/O path */
		return 0;
	}
	if (!strcmp(argv[1], "member")) {
		io = KSAN_NEW(struct io);
		io->fd = 3;
		/* a struct io, but not through its node member */
		printf("%d\n", io_dispatch((struct list_head *)&io->fd));
		return 0;
	}
	if (!strcmp(argv[1], "right")) {
		t = new_timer();
		io = KSAN_NEW(struct io);
		io->fd = 7;
		printf("right %ld %d\n", timer_dispatch(&t->node), io_dispatch(&io->node));
		KSAN_CHECK_TYPE(t, struct timer);
		free(io);
		free(t);
		/* the address reused untyped (no heap quarantine: at once):
		 * nothing left of the types */
		io = malloc(sizeof(struct timer));
		memset(io, 0, sizeof(*io));
		printf("reused %d %d\n", (void *)io == (void *)t, io_dispatch(&((struct timer *)io)->node));
		t = (struct timer *)io;
		free(t);
		return 0;
	}
	if (!strcmp(argv[1], "untyped")) {
		t = malloc(sizeof(*t));
		memset(t, 0, sizeof(*t));
		printf("untyped %d\n", io_dispatch(&t->node));
		free(t);
		return 0;
	}
	if (!strcmp(argv[1], "embedded")) {
		struct conn *c = KSAN_NEW(struct conn);

		KSAN_SET_TYPE(&c->idle, struct timer);
		c->idle.expires = 9;
		printf("embedded %ld\n", timer_dispatch(&c->idle.node));
		free(c);
		return 0;
	}
	return 1;
}
// CHECK: KASAN: type-confusion in io_dispatch+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Use of a struct timer at addr {{[0-9a-f]+}} as a struct io by task
// CHECK: Call Trace:
// CHECK-NEXT: ksan_check_type
// CHECK-NEXT: io_dispatch+
// CHECK: Allocated by task
// CHECK-NEXT: malloc
// CHECK-NEXT: new_timer+{{.*}}container_of.c:
// CHECK: The buggy address belongs to the object at 0x{{[0-9a-f]+}}
// CHECK-NEXT: which belongs to the cache kmalloc-32 of size 32
// CHECK-NEXT: The buggy address is located 8 bytes inside of
// CHECK-NEXT: 32-byte region
// CHECK: The object holds a struct timer (32 bytes) at offset 0;
// CHECK-NEXT: it was used as a struct io (32 bytes) through its member node (offset 0),
// CHECK-NEXT: which puts the struct io at offset 8 of the object
// CHECK: Crash signature: {{[0-9a-f]+}} type-confusion | io_dispatch
// CHECK: STATUS: exit 1
// ASAN: ERROR: AddressSanitizer: type-confusion on address
// ASAN-NEXT: USE of struct timer as struct io at 0x{{[0-9a-f]+}} thread T0
// ASAN: #1 {{.*}} in io_dispatch
// ASAN: is located 8 bytes inside of 32-byte region
// ASAN: allocated by thread T0 here:
// ASAN: The object holds a struct timer (32 bytes) at offset 0;
// ASAN: SUMMARY: AddressSanitizer: type-confusion
// JSON: report type=type-confusion asan_type=type-confusion access=read size=0 top=ksan_check_type object=allocated/32 cache=kmalloc-32/32 inside 8 addr_ok=1 alloc0=malloc
// MEMBER: KASAN: type-confusion in io_dispatch
// MEMBER: Use of a struct io at addr {{[0-9a-f]+}} as a struct io by task
// MEMBER: The object holds a struct io (32 bytes) at offset 0;
// MEMBER-NEXT: it was used as a struct io (32 bytes) through its member node (offset 0),
// MEMBER-NEXT: which puts the struct io at offset 16 of the object
// RIGHT: right 5 7
// RIGHT: reused 1 0
// RIGHT: STATUS: exit 0
// UNTYPED: untyped 0
// UNTYPED: STATUS: exit 0
// EMBEDDED: embedded 9
// EMBEDDED: STATUS: exit 0
