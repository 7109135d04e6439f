/*
 * This file contains the leak check's table of live objects (check.c): the
 * objects of every registered heap (core.h) in address order, and the lookup of the
 * object a word points into, which the check makes for every aligned word
 * of the roots and of every reachable object.
 *
 * The lookup goes through the heap's own geometry, as LeakSanitizer's
 * goes through its allocator's: the pagemap names the page's owner (a slab
 * region or a large object's mapping), the table's runs list the owners
 * that hold live objects (in address order: an owner's descriptor starts
 * its mapping), and in a slab region the slot's index leads to its entry
 * through a map built once the table is whole.  A binary search over the
 * whole table (what every lookup was before: some twenty cache misses a
 * word on a heap of millions of objects, the bulk of the check) is left
 * for the pool heaps (KFENCE's), and for all when the map cannot be had.  Everything
 * here runs with the world stopped, in the runtime's own memory.
 */
#include "leak.h"

#define NO_SLOTS UINT32_MAX	/* a run of a large object: no slot map */
#define NO_OBJECT UINT32_MAX	/* a slot without a live object */

struct leak_run {
	uintptr_t owner;	/* the pages' owner (core_pagemap_get) */
	uint32_t first;		/* large object: its entry in the table */
	uint32_t slots;		/* slab region: its first slot in slot_obj */
	uint32_t nslots;	/* slab region: its slots there */
};

static void *map_array(size_t n, size_t size)
{
	return ksan_port_map(ROUND_UP(n * size, 4096));
}

static void unmap_array(void *p, size_t n, size_t size)
{
	if (p)
		ksan_port_unmap(p, ROUND_UP(n * size, 4096));
}

struct leak_obj *leak_table_add(struct leak_table *t)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 4096;
		struct leak_obj *bigger;

		if (cap > NO_OBJECT || !(bigger = map_array(cap, sizeof(*bigger)))) {
			t->nomem = 1;
			return 0;
		}
		if (t->n)
			core_memcpy(bigger, t->obj, t->n * sizeof(*bigger));
		unmap_array(t->obj, t->cap, sizeof(*t->obj));
		t->obj = bigger;
		t->cap = cap;
	}
	return &t->obj[t->n++];
}

/* The pool heap's objects (KFENCE's) went after the pagemap heap's: move
 * them to their place in address order (both runs are sorted; the pool is
 * one range: one pool heap exists). */
static void place_pool(struct leak_table *t, size_t nheap)
{
	size_t k = t->n - nheap, lo = 0, hi = nheap;
	struct leak_obj *tmp;

	if (!k || !nheap || t->obj[nheap - 1].start < t->obj[nheap].start)
		return;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->obj[mid].start < t->obj[nheap].start)
			lo = mid + 1;
		else
			hi = mid;
	}
	tmp = map_array(k, sizeof(*tmp));
	if (!tmp) {
		t->nomem = 1;
		return;
	}
	core_memcpy(tmp, &t->obj[nheap], k * sizeof(*tmp));
	core_memmove(&t->obj[lo + k], &t->obj[lo], (nheap - lo) * sizeof(*tmp));
	core_memcpy(&t->obj[lo], tmp, k * sizeof(*tmp));
	unmap_array(tmp, k, sizeof(*tmp));
}

static void drop_index(struct leak_table *t)
{
	unmap_array(t->runs, t->nruns, sizeof(*t->runs));
	unmap_array(t->slot_obj, t->nslots, sizeof(*t->slot_obj));
	t->runs = 0;
	t->slot_obj = 0;
	t->nruns = t->nslots = 0;
	t->indexed = 0;
}

/* Slots of region r that may hold an object (carved: the world is stopped
 * under fork's locks). */
static size_t region_slots(const struct core_region *r)
{
	return (core_slab_carved(r) - r->base) / r->stride;
}

/* exact: see core_slot_of */
static size_t slot_index(const struct core_region *r, uintptr_t a)
{
	return (size_t)(((a - r->base) * r->stride_inv) >> 40);
}

/* Count (fill 0) or fill (1) the runs and the slot map. */
static void index_pass(struct leak_table *t, int fill)
{
	const struct core_region *r = 0;
	uintptr_t owner = 0;
	size_t i, nruns = 0, nslots = 0;

	for (i = 0; i < t->n; i++) {
		const struct leak_obj *o = &t->obj[i];
		const void *own;

		if (o->pool)
			continue;
		/* objects come in address order: the region's run goes on */
		if (r && o->start >= r->base && o->start < r->end) {
			if (fill)
				t->slot_obj[t->runs[nruns - 1].slots + slot_index(r, o->start)] =
					(uint32_t)i;
			continue;
		}
		own = core_pagemap_get(o->start);
		if (!own || (uintptr_t)own == owner)
			continue;	/* cannot be: the heap's objects have owners */
		owner = (uintptr_t)own;
		r = *(const uint32_t *)own == PAGE_KIND_SLAB ? own : 0;
		if (fill) {
			t->runs[nruns].owner = owner;
			t->runs[nruns].first = (uint32_t)i;
			t->runs[nruns].slots = r ? (uint32_t)nslots : NO_SLOTS;
			t->runs[nruns].nslots = r ? (uint32_t)region_slots(r) : 0;
			if (r)
				t->slot_obj[nslots + slot_index(r, o->start)] = (uint32_t)i;
		}
		nruns++;
		if (r)
			nslots += region_slots(r);
	}
	t->nruns = nruns;
	t->nslots = nslots;
}

int leak_table_finish(struct leak_table *t, size_t nheap)
{
	size_t i;

	place_pool(t, nheap);
	if (t->nomem || !t->n)
		return -1;
	t->min = t->obj[0].start;
	t->max = 0;
	t->bytes = 0;
	for (i = 0; i < t->n; i++) {
		if (t->obj[i].start + t->obj[i].size + 1 > t->max)
			t->max = t->obj[i].start + t->obj[i].size + 1;
		t->bytes += t->obj[i].size;
	}
	/* the index; without it (no memory for it) every lookup searches */
	index_pass(t, 0);
	if (t->nslots >= NO_SLOTS)
		return 0;
	t->runs = map_array(t->nruns, sizeof(*t->runs));
	t->slot_obj = map_array(t->nslots, sizeof(*t->slot_obj));
	if (!t->runs || (t->nslots && !t->slot_obj)) {
		drop_index(t);
		return 0;
	}
	core_memset(t->slot_obj, 0xff, t->nslots * sizeof(*t->slot_obj));
	index_pass(t, 1);
	t->indexed = 1;
	return 0;
}

/* The entry holding p by binary search over the table, or -1. */
static long search(const struct leak_table *t, uintptr_t p)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->obj[mid].start <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

/* The run of owner, or NULL: a binary search over the owners (a run is a
 * slab region of 1 MiB or one large object: few, and close together). */
static const struct leak_run *run_of(const struct leak_table *t, uintptr_t owner)
{
	size_t lo = 0, hi = t->nruns;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->runs[mid].owner < owner)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->nruns && t->runs[lo].owner == owner ? &t->runs[lo] : 0;
}

long leak_table_find(const struct leak_table *t, uintptr_t p)
{
	const struct leak_obj *o;
	const void *owner;
	long i;

	if (p < t->min || p >= t->max)
		return -1;
	owner = core_pagemap_get(p);
	if (!owner && !core_heap_pool_of(p))
		return -1;
	if (!owner || !t->indexed) {
		i = search(t, p);
	} else {
		const struct leak_run *run = run_of(t, (uintptr_t)owner);

		if (!run)
			return -1;	/* an owner without live objects */
		if (run->slots == NO_SLOTS) {
			i = run->first;
		} else {
			const struct core_region *r = owner;
			size_t k;

			if (p < r->base)
				return -1;	/* the region's descriptor */
			k = slot_index(r, p);
			if (k >= run->nslots || t->slot_obj[run->slots + k] == NO_OBJECT)
				return -1;
			i = t->slot_obj[run->slots + k];
		}
	}
	if (i < 0)
		return -1;
	o = &t->obj[i];
	/* malloc(0)'s pointer is its start */
	return p - o->start < (o->size ? o->size : 1) ? i : -1;
}

void leak_table_reset(struct leak_table *t)
{
	drop_index(t);
	t->n = 0;
	t->nomem = 0;
}
