/*
 * This file contains the stack ring (mm/kasan/report_tags.c): one global
 * ring of the newest allocation and free events (tagged pointer, size,
 * task, stack).  Tag-based KASAN keeps no per-object free stack and no
 * quarantine, so a report looks back through the ring for the object the
 * bad pointer meant: an entry with the pointer's tag whose object holds the
 * address or lies near it.  The newest such entry decides the bug type: a
 * free means use-after-free, an allocation means out-of-bounds.  The
 * kernel matches only the object that holds the address; ksan also takes
 * objects up to RING_NEAR bytes away, so an overflow into the next slot
 * (or far beyond) is named out-of-bounds, as a reader would.
 */
#include "tags.h"

#define RING_SIZE 8192		/* entries, a power of two */
#define RING_NEAR 65536		/* bytes around an object an OOB may reach */

static struct tags_ring_entry ring[RING_SIZE];
static uint64_t ring_pos;

void tags_ring_push(uintptr_t ptr, size_t size, depot_handle_t stack, int is_free)
{
	uint64_t i = __atomic_fetch_add(&ring_pos, 1, __ATOMIC_RELAXED);
	struct tags_ring_entry *e = &ring[i & (RING_SIZE - 1)];

	/* a report may read a half-written entry: it only guesses */
	e->ptr = 0;
	e->size = size > 0xffffffffu ? 0xffffffffu : (uint32_t)size;
	e->tid = ksan_port_thread_id();
	e->stack = stack;
	e->is_free = (uint32_t)is_free;
	__atomic_store_n(&e->ptr, ptr, __ATOMIC_RELEASE);
}

static int near(uintptr_t a, const struct tags_ring_entry *e)
{
	uintptr_t lo = tag_reset(e->ptr), hi = lo + e->size;

	if (a >= lo && a < hi)
		return 2;	/* inside */
	return (a < lo && lo - a <= RING_NEAR) || (a >= hi && a - hi < RING_NEAR);
}

const char *tags_ring_guess(uintptr_t ptr, struct tags_ring_entry *alloc,
			    struct tags_ring_entry *freed)
{
	uint64_t pos = __atomic_load_n(&ring_pos, __ATOMIC_ACQUIRE), i, n;
	uintptr_t a = tag_reset(ptr), obj = 0;
	uint8_t tag = tag_get_ptr(ptr);
	const char *type = 0;
	int have_alloc = 0, have_free = 0;

	core_memset(alloc, 0, sizeof(*alloc));
	core_memset(freed, 0, sizeof(*freed));
	n = pos < RING_SIZE ? pos : RING_SIZE;
	for (i = 0; i < n; i++) {
		struct tags_ring_entry e = ring[(pos - 1 - i) & (RING_SIZE - 1)];

		if (!e.ptr || tag_get_ptr(e.ptr) != tag)
			continue;
		/* the first match fixes the object; later ones must be it */
		if (obj ? tag_reset(e.ptr) != obj : !near(a, &e))
			continue;
		obj = tag_reset(e.ptr);
		if (e.is_free) {
			if (have_free)
				break;	/* freed twice: older history is another life */
			*freed = e;
			have_free = 1;
			if (!type)
				type = "slab-use-after-free";
		} else {
			if (have_alloc)
				break;
			*alloc = e;
			have_alloc = 1;
			if (!type)
				type = "slab-out-of-bounds";
		}
		if (have_alloc && have_free)
			break;
	}
	return type;
}
