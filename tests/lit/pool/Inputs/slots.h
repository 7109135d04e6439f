/* The checked allocator of the pool tests: fixed-size slots carved from one
 * malloc'd arena, a LIFO free list (the freshest slot is handed out first,
 * as most free lists do), annotated with KSAN_POOL_*.  With quarantine set,
 * freed slots come back through the release function only when ksan lets
 * them go; without, at once.  The free list's links live inside free slots,
 * which are poisoned: they are read and written by helpers built without
 * checks (ksan.h's advice).  Without ksan the macros are no-ops and the allocator is the
 * plain free list.  A lock makes it usable from several threads. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <ksan/ksan.h>

struct slots {
	pthread_mutex_t lock;
	char *arena;
	size_t slot, n;
	void *head;
	unsigned long released;		/* slots the release function got */
	struct ksan_pool *pool;
};

/* through volatile: GCC (-O2) and Clang (-O3) would otherwise move the
 * load into the checked caller */
__attribute__((no_sanitize_address, noinline)) static void *link_get(void *p)
{
	return *(void *volatile *)p;
}

__attribute__((no_sanitize_address, noinline)) static void link_set(void *p, void *next)
{
	*(void *volatile *)p = next;
}

static void slots_push(struct slots *s, void *p)
{
	pthread_mutex_lock(&s->lock);
	link_set(p, s->head);
	s->head = p;
	pthread_mutex_unlock(&s->lock);
}

/* ksan calls this, with no ksan lock held, when it lets a slot go */
static void slots_release(void *obj, void *arg)
{
	struct slots *s = arg;

	__atomic_fetch_add(&s->released, 1, __ATOMIC_RELAXED);
	slots_push(s, obj);
}

static void slots_init(struct slots *s, const char *name, size_t slot, size_t n, int quarantine)
{
	size_t i;

	pthread_mutex_init(&s->lock, NULL);
	s->slot = slot;
	s->n = n;
	s->arena = malloc(slot * n);
	s->head = NULL;
	s->released = 0;
	for (i = n; i-- > 0;)
		slots_push(s, s->arena + i * slot);
	s->pool = KSAN_POOL_CREATE(name, slot, quarantine ? slots_release : NULL, s);
	KSAN_POOL_ADD_MEMORY(s->pool, s->arena, slot * n);
}

__attribute__((noinline)) static void *slots_alloc(struct slots *s, size_t size)
{
	void *p;

	pthread_mutex_lock(&s->lock);
	p = s->head;
	if (p)
		s->head = link_get(p);
	pthread_mutex_unlock(&s->lock);
	if (p)
		KSAN_POOL_ALLOC(s->pool, p, size);
	return p;
}

__attribute__((noinline)) static void slots_free(struct slots *s, void *p)
{
	if (KSAN_POOL_FREE(s->pool, p))
		slots_push(s, p);
}

static void slots_destroy(struct slots *s)
{
	KSAN_POOL_DESTROY(s->pool);
	free(s->arena);
}
