/*
 * This file contains the core's registry of heaps: a small table in which
 * each allocator a detector owns (generic KASAN's slab, KFENCE's pool)
 * registers the callbacks that find the object an address belongs to, walk
 * the live objects and mark one not-a-leak.  Whatever needs to see every
 * heap (the leak detector, generic KASAN's pointer-pair check) asks here,
 * so no detector calls into another.
 *
 * Heaps register once, at start-up, before the program's threads exist;
 * the table is read without a lock afterwards (the count is published with
 * a release store, read with an acquire load).
 */
#include "core.h"

#define HEAPS_MAX 4

static const struct core_heap *heaps[HEAPS_MAX];
static unsigned nheaps;

int core_heap_register(const struct core_heap *h)
{
	unsigned n = __atomic_load_n(&nheaps, __ATOMIC_ACQUIRE), i;

	for (i = 0; i < n; i++)
		if (heaps[i] == h)
			return 0;	/* a port that starts twice */
	if (n == HEAPS_MAX) {
		core_printf("ksan: no room to register the %s heap: leak checks and pointer pairs do not see it\n",
			    h->name);
		return -1;
	}
	heaps[n] = h;
	__atomic_store_n(&nheaps, n + 1, __ATOMIC_RELEASE);
	return 0;
}

unsigned core_heap_count(void)
{
	return __atomic_load_n(&nheaps, __ATOMIC_ACQUIRE);
}

const struct core_heap *core_heap_get(unsigned i)
{
	return i < core_heap_count() ? heaps[i] : 0;
}

const struct core_heap *core_heap_pool_of(uintptr_t a)
{
	unsigned n = core_heap_count(), i;

	for (i = 0; i < n; i++) {
		const struct core_heap *h = heaps[i];

		if (h->pool_size && a - *h->pool_start < __atomic_load_n(h->pool_size, __ATOMIC_ACQUIRE))
			return h;
	}
	return 0;
}

int core_heap_ignore(const void *p)
{
	unsigned n = core_heap_count(), i;
	int r = -1;

	for (i = 0; i < n && r < 0; i++)
		if (heaps[i]->ignore)
			r = heaps[i]->ignore(p);
	return r;
}
