// Typed checked pools: KSAN_POOL_CREATE_TYPED gives the pool's objects its type, so an object of the connection pool given to a buffer's handler is reported (the cache is the pool, the type the pool's); silent twins: pool objects freed and handed out again, used as the same type, and an untyped pool's objects.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t wrong 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t reuse 2>&1 | FileCheck %s --check-prefix=REUSE --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>
#include <ksan/ksan.h>

struct conn {
	int fd;
	int state;
	char peer[24];
};

struct buf {
	char data[32];
};

static struct conn slots[8];
static char raw[8 * sizeof(struct conn)];

__attribute__((noinline)) static int buf_len(void *arg)
{
	struct buf *b = KSAN_CAST(struct buf, arg);

	return (int)strlen(b->data);
}

__attribute__((noinline)) static int conn_fd(void *arg)
{
	return KSAN_CAST(struct conn, arg)->fd;
}

int main(int argc, char **argv)
{
	struct ksan_pool *p = KSAN_POOL_CREATE_TYPED("conn_pool", struct conn, NULL, NULL);
	struct ksan_pool *u = KSAN_POOL_CREATE("raw_pool", sizeof(struct conn), NULL, NULL);
	int i, sum = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	KSAN_POOL_ADD_MEMORY(p, slots, sizeof(slots));
	KSAN_POOL_ADD_MEMORY(u, raw, sizeof(raw));
	KSAN_POOL_ALLOC(p, &slots[1], sizeof(struct conn));
	slots[1].fd = 5;
	if (!strcmp(argv[1], "wrong"))
		return buf_len(&slots[1]);
	for (i = 0; i < 4; i++) {	/* the same slot freed and handed out again */
		KSAN_POOL_FREE(p, &slots[1]);
		KSAN_POOL_ALLOC(p, &slots[1], sizeof(struct conn));
		slots[1].fd = i;
		sum += conn_fd(&slots[1]);
	}
	KSAN_POOL_ALLOC(u, raw, sizeof(struct conn));
	raw[0] = 0;
	printf("reuse %d %d\n", sum, buf_len(raw));
	KSAN_POOL_FREE(u, raw);
	KSAN_POOL_FREE(p, &slots[1]);
	KSAN_POOL_DESTROY(u);
	KSAN_POOL_DESTROY(p);
	return 0;
}
// CHECK: KASAN: type-confusion in buf_len
// CHECK-NEXT: Use of a struct conn at addr {{[0-9a-f]+}} as a struct buf by task
// CHECK: Allocated by task
// CHECK-NEXT: ksan_pool_alloc
// CHECK-NEXT: main+
// CHECK: which belongs to the cache conn_pool of size 32
// CHECK: The object holds a struct conn (32 bytes) at offset 0;
// CHECK-NEXT: it was used as a struct buf (32 bytes) at offset 0 of the object
// CHECK: STATUS: exit 1
// REUSE: reuse 6 0
// REUSE: STATUS: exit 0
