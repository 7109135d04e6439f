/*
 * tcache_uaf.c: use-after-free hidden by a per-thread object cache.
 *
 * A message queue keeps freed messages in a per-thread free list in front
 * of malloc, as servers and language runtimes do to skip the allocator.
 * ack() gives the message back to the cache, then builds the reply from
 * its id: a read of freed memory.  To the heap the message was never freed
 * (the cache holds it), so KASAN, like ASan, sees nothing, and the reply
 * is the same memory: the log says "message 1003" where 3 was acked.
 * The cache is annotated with KSAN_POOL_*: it tells KASAN when it hands a
 * message out and takes it back, and keeps freed ones in ksan's quarantine
 * until ksan releases them.  The read is then a slab-use-after-free in the
 * cache's pool, with both stacks.  Build with -DTCACHE_PLAIN (the same
 * cache, its annotations left out) and the bug is silent again.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

#ifdef TCACHE_PLAIN	/* the cache without its annotations: what KASAN sees of it */
#undef KSAN_POOL_CREATE
#undef KSAN_POOL_ALLOC
#undef KSAN_POOL_FREE
#define KSAN_POOL_CREATE(name, size, release, arg) ((void)(release), (struct ksan_pool *)0)
#define KSAN_POOL_ALLOC(pool, obj, size) ((void)(obj))
#define KSAN_POOL_FREE(pool, obj) ((void)(obj), 1)
#endif

struct msg {
	struct msg *next;	/* the cache's free-list link while cached */
	int id;
	char body[116];
};

#define CACHE_MAX 32
static __thread struct msg *cache;	/* this thread's free messages */
static __thread int cached;
static struct ksan_pool *msg_pool;

/* The link lives in a free (poisoned) message: read and write it unchecked,
 * through volatile, so that the compiler keeps the access in here. */
__attribute__((no_sanitize_address, noinline)) static struct msg *next_of(struct msg *m)
{
	return *(struct msg *volatile *)&m->next;
}

__attribute__((no_sanitize_address, noinline)) static void set_next(struct msg *m,
								    struct msg *next)
{
	*(struct msg *volatile *)&m->next = next;
}

static void cache_push(struct msg *m)
{
	if (cached == CACHE_MAX) {
		free(m);
		return;
	}
	set_next(m, cache);
	cache = m;
	cached++;
}

/* ksan lets a quarantined message go: it joins this thread's cache. */
static void msg_release(void *obj, void *arg)
{
	cache_push(obj);
}

static struct msg *msg_alloc(void)
{
	struct msg *m = cache;

	if (m) {
		cache = next_of(m);
		cached--;
	} else {
		m = malloc(sizeof(*m));
	}
	KSAN_POOL_ALLOC(msg_pool, m, sizeof(*m));
	return m;
}

static void msg_free(struct msg *m)
{
	if (KSAN_POOL_FREE(msg_pool, m))
		cache_push(m);	/* no quarantine: reuse at once */
}

static void ack(struct msg *m)
{
	struct msg *reply;

	msg_free(m);
	reply = msg_alloc();	/* from this thread's cache */
	reply->id = 1000 + m->id % 1000;	/* BUG: m was just freed */
	printf("message %d acked by reply %d\n", m->id, reply->id);
	msg_free(reply);
}

int main(void)
{
	int i;

	msg_pool = KSAN_POOL_CREATE("msg_cache", sizeof(struct msg), msg_release, NULL);
	for (i = 1; i <= 3; i++) {
		struct msg *m = msg_alloc();

		m->id = i;
		snprintf(m->body, sizeof(m->body), "payload %d", i);
		if (i == 3)
			ack(m);
		else
			msg_free(m);
	}
	return 0;
}
