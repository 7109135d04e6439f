/*
 * This file contains the slab: kmalloc-style size classes carved from 1 MiB
 * regions, per-class depots of free slots under a short lock, and per-thread
 * caches so the common allocation path takes no lock.  Free slots move
 * between a thread and its class in magazines (arrays of slot pointers), so
 * neither side touches the slots' memory, which is usually cold by then.
 * A slot is the class's object capacity plus its red zones; what the bytes
 * mean (headers, poisoning) is the detector's business, told through the
 * two callbacks.
 */
#include "core.h"

#define REFILL 32
#define MAG_SLOTS (CORE_CACHE_MAX / 2)
#define MAGS_PER_MAP 120		/* about 32 KiB */

struct magazine {
	struct magazine *next;
	uint32_t n;
	void *slot[MAG_SLOTS];
};
_Static_assert(REFILL == MAG_SLOTS, "a refill is one magazine");

const uint32_t core_class_size[CORE_KMALLOC_CLASSES] = {
	16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192,
};
/* Index by (n + 15) >> 4 for n <= 256. */
const uint8_t core_class_lookup[17] = {
	0, 0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6,
};

struct slab_class {
	ksan_lock_t lock;
	struct magazine *full;	/* guarded by lock: free slots */
	struct magazine *empty;	/* guarded by lock: spare magazines */
	void *free_list;	/* guarded by lock; linked through slot_link(),
				 * used only when no magazine can be mapped */
	uintptr_t bump, bump_end; /* guarded by lock; carve area */
	struct core_region *regions; /* guarded by lock */
	uint32_t stride;
} __attribute__((aligned(64)));

static struct slab_class classes[CORE_NCLASSES];
static core_region_init_fn region_init;
static size_t min_redzone = 16;
static size_t slot_header = CORE_SLOT_HEADER;
static const uint32_t *class_size = core_class_size;	/* set before init */
static unsigned nclasses = CORE_KMALLOC_CLASSES;

static void **slot_link(void *slot)
{
	return (void **)((char *)slot + slot_header);
}

/*
 * Right red zone grows with the object, as ASan's does.  The next slot's
 * header (16 bytes, always poisoned) is part of it, so a class's stride is
 * header + capacity + (red zone - 16).  Without red zones or header
 * (KMSAN), a slot is its capacity.
 */
static uint32_t right_redzone(uint32_t size)
{
	uint32_t rz;

	if (!min_redzone)
		return 16;	/* only the next slot's header */
	rz = size <= 96 ? 16 : size <= 256 ? 32 : size <= 1024 ? 64 :
		      size <= 4096 ? 128 : 256;

	return rz < min_redzone ? (uint32_t)min_redzone : rz;
}

void core_slab_set_redzone(size_t rz)
{
	min_redzone = rz;
}

void core_slab_set_header(size_t bytes)
{
	slot_header = bytes;
}

void core_slab_set_classes(const uint32_t *sizes, unsigned n)
{
	class_size = sizes;
	nclasses = n < CORE_NCLASSES ? n : CORE_NCLASSES;
}

void core_slab_init(core_region_init_fn fn)
{
	unsigned i;

	region_init = fn;
	for (i = 0; i < nclasses; i++)
		classes[i].stride = slot_header + class_size[i] +
				    right_redzone(class_size[i]) - 16;
}

uint32_t core_class_stride(unsigned cls)
{
	return classes[cls].stride;
}

/* Map a new region for c; called with c->lock held. */
static int new_region(struct slab_class *c, unsigned cls)
{
	char *mem = ksan_port_map(CORE_REGION_SIZE);
	struct core_region *r;

	if (!mem)
		return -1;
	/* The descriptor sits at the region's start, then whole slots. */
	r = (struct core_region *)mem;
	r->kind = PAGE_KIND_SLAB;
	r->cls = cls;
	r->stride = c->stride;
	r->base = ROUND_UP((uintptr_t)mem + sizeof(*r), 16);
	r->end = r->base + (CORE_REGION_SIZE - (r->base - (uintptr_t)mem)) /
			   c->stride * c->stride;
	r->stride_inv = ((1ull << 40) + c->stride - 1) / c->stride;
	if (core_pagemap_set((uintptr_t)mem, CORE_REGION_SIZE, r)) {
		ksan_port_unmap(mem, CORE_REGION_SIZE);
		return -1;
	}
	if (region_init)
		region_init(r);
	r->next = c->regions;
	c->regions = r;
	c->bump = r->base;
	c->bump_end = r->end;
	return 0;
}

static void refill(struct core_thread *t, unsigned cls)
{
	struct slab_class *c = &classes[cls];
	struct core_cache *cache = &t->cache[cls];

	ksan_port_lock(&c->lock);
	if (c->full) {
		struct magazine *m = c->full;
		uint32_t i;

		c->full = m->next;
		for (i = 0; i < m->n; i++)
			cache->slot[cache->count++] = m->slot[i];
		m->next = c->empty;
		c->empty = m;
		ksan_port_unlock(&c->lock);
		return;
	}
	while (cache->count < REFILL && c->free_list) {
		void *s = c->free_list;

		c->free_list = *slot_link(s);
		cache->slot[cache->count++] = s;
	}
	while (cache->count < REFILL) {
		if (c->bump + c->stride > c->bump_end && new_region(c, cls))
			break;
		cache->slot[cache->count++] = (void *)c->bump;
		c->bump += c->stride;
	}
	ksan_port_unlock(&c->lock);
}

void *core_slot_alloc(struct core_thread *t, unsigned cls)
{
	struct core_cache *cache = &t->cache[cls];
	uint32_t n = cache->count;

	if (unlikely(!n)) {
		refill(t, cls);
		n = cache->count;
		if (!n)
			return 0;
	}
	cache->count = --n;
	/* the next allocation's slot is most likely cold (it sat in the
	 * quarantine): start loading its header now */
	if (n)
		__builtin_prefetch(cache->slot[n - 1], 1);
	return cache->slot[n];
}

/* A spare magazine for c; called with c->lock held. */
static struct magazine *magazine_get(struct slab_class *c)
{
	struct magazine *m = c->empty;

	if (!m) {
		struct magazine *chunk = ksan_port_map(sizeof(*m) * MAGS_PER_MAP);
		unsigned i;

		if (!chunk)
			return 0;
		for (i = 0; i < MAGS_PER_MAP; i++) {
			chunk[i].next = c->empty;
			c->empty = &chunk[i];
		}
		m = c->empty;
	}
	c->empty = m->next;
	return m;
}

static void give_back(unsigned cls, void **slots, unsigned n)
{
	struct slab_class *c = &classes[cls];
	unsigned i;

	ksan_port_lock(&c->lock);
	while (n) {
		struct magazine *m = magazine_get(c);
		unsigned k = n < MAG_SLOTS ? n : MAG_SLOTS;

		if (!m)
			break;
		for (i = 0; i < k; i++)
			m->slot[i] = slots[i];
		m->n = k;
		m->next = c->full;
		c->full = m;
		slots += k;
		n -= k;
	}
	for (i = 0; i < n; i++) {	/* no memory for magazines */
		*slot_link(slots[i]) = c->free_list;
		c->free_list = slots[i];
	}
	ksan_port_unlock(&c->lock);
}

void core_slot_free(struct core_thread *t, unsigned cls, void *slot)
{
	struct core_cache *cache = &t->cache[cls];

	if (unlikely(cache->count == CORE_CACHE_MAX)) {
		give_back(cls, cache->slot + CORE_CACHE_MAX / 2, CORE_CACHE_MAX / 2);
		cache->count = CORE_CACHE_MAX / 2;
	}
	cache->slot[cache->count++] = slot;
}

void core_thread_cache_drain(struct core_thread *t)
{
	unsigned cls;

	for (cls = 0; cls < nclasses; cls++) {
		give_back(cls, t->cache[cls].slot, t->cache[cls].count);
		t->cache[cls].count = 0;
	}
}

uintptr_t core_slab_carved(const struct core_region *r)
{
	const struct slab_class *c = &classes[r->cls];

	/* only a class's newest region is still being carved */
	return c->regions == r ? c->bump : r->end;
}

struct core_region *core_region_of(uintptr_t addr)
{
	struct core_region *r = core_pagemap_get(addr);

	if (!r || r->kind != PAGE_KIND_SLAB)
		return 0;
	return r;
}

uintptr_t core_slot_of(const struct core_region *r, uintptr_t addr)
{
	if (addr < r->base || addr >= r->end)
		return 0;
	/* offsets are below 2^20 and strides below 2^16, so the quotient by
	 * multiply is exact: its error is below offset / 2^40 < 2^-20 < 1 / stride */
	return r->base + (((addr - r->base) * r->stride_inv) >> 40) * r->stride;
}

void core_slab_lock_all(void)
{
	unsigned i;

	for (i = 0; i < CORE_NCLASSES; i++)
		ksan_port_lock(&classes[i].lock);
}

void core_slab_unlock_all(int reset)
{
	unsigned i;

	for (i = 0; i < CORE_NCLASSES; i++) {
		if (reset)
			classes[i].lock.state = 0;
		else
			ksan_port_unlock(&classes[i].lock);
	}
}
