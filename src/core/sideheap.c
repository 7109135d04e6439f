/*
 * This file contains the bookkeeping of the heaps that keep no header in
 * their slots (KMSAN's, tag-based KASAN's): one record per slot in a table
 * beside each slab region, and for a large object a mapping of its own,
 * [descriptor page][object], the descriptor holding the object's record.
 * A header in the slot would cost KMSAN its bytes three times (data, shadow,
 * origins), and the side records are runtime memory whose metadata is never
 * touched.  The core finds, makes and releases objects; what a record's
 * state and tag mean, and what the object's metadata holds, is the
 * detector's business.
 */
#include "core.h"

_Static_assert(sizeof(struct core_side_rec) == 12, "12 bytes a slot");

void core_side_region_init(struct core_region *r)
{
	size_t slots = (r->end - r->base) / r->stride;

	/* zero: every slot free; without it the region's slots stay unused */
	r->detector = ksan_port_map(ROUND_UP(slots * sizeof(struct core_side_rec), 4096));
}

/* The record of the slot at slot, in region r (NULL without a table). */
static struct core_side_rec *rec_of(const struct core_region *r, uintptr_t slot)
{
	struct core_side_rec *t = r->detector;

	if (unlikely(!t))
		return 0;
	/* exact: see core_slot_of */
	return t + (((slot - r->base) * r->stride_inv) >> 40);
}

/* [descriptor page][object], the object aligned within the slack. */
static int large_alloc(size_t size, size_t align, int (*ready)(uintptr_t, size_t),
		       struct core_side_ref *o)
{
	size_t page = ksan_port_page_size();
	size_t slack = align > page ? align : 0;
	size_t map = page + ROUND_UP(size ? size : 1, page) + slack;
	uintptr_t raw = (uintptr_t)ksan_port_map(map);
	struct core_side_large *l;

	_Static_assert(sizeof(struct core_side_large) <= 4096, "descriptor fits one page");
	if (!raw)
		return -1;
	o->obj = ROUND_UP(raw + page, slack ? align : page);
	l = (struct core_side_large *)(o->obj - page);
	if (ready(raw, map) || core_pagemap_set(raw, map, l)) {
		ksan_port_unmap((void *)raw, map);
		return -1;
	}
	l->kind = PAGE_KIND_LARGE;
	l->obj = o->obj;
	l->size = size;
	l->map_size = map;
	l->base = raw;
	o->large = l;
	o->rec = &l->rec;
	return 0;
}

int core_side_alloc(struct core_thread *t, unsigned cls, size_t size, size_t align,
		    int (*ready)(uintptr_t base, size_t size), struct core_side_ref *o)
{
	core_memset(o, 0, sizeof(*o));
	if (cls == CORE_SIDE_LARGE)
		return large_alloc(size, align, ready, o);
	o->slot = (uintptr_t)core_slot_alloc(t, cls);
	if (!o->slot)
		return -1;
	o->region = core_region_of(o->slot);
	o->rec = o->region ? rec_of(o->region, o->slot) : 0;
	if (unlikely(!o->rec))	/* no side table: the slot stays out of use */
		return -1;
	o->obj = ROUND_UP(o->slot, align);
	o->rec->obj_off = (uint16_t)(o->obj - o->slot);
	o->rec->size = (uint32_t)size;
	return 0;
}

int core_side_find(uintptr_t a, int exact, struct core_side_ref *o)
{
	void *owner = core_pagemap_get(a);

	core_memset(o, 0, sizeof(*o));
	if (!owner)
		return 0;
	if (((struct core_side_large *)owner)->kind == PAGE_KIND_LARGE) {
		struct core_side_large *l = owner;

		if (exact && l->obj != a)
			return 0;
		o->large = l;
		o->rec = &l->rec;
		o->obj = l->obj;
		return 1;
	}
	o->region = owner;
	o->slot = core_slot_of(o->region, a);
	if (!o->slot || !(o->rec = rec_of(o->region, o->slot)))
		return 0;
	o->obj = o->slot + o->rec->obj_off;
	return !exact || o->obj == a;
}

void core_side_release(struct core_thread *t, const struct core_side_ref *o)
{
	if (o->large) {
		uintptr_t base = o->large->base;
		size_t map = o->large->map_size;

		core_pagemap_clear(base, map);
		ksan_port_unmap((void *)base, map);
	} else {
		core_slot_free(t, o->region->cls, (void *)o->slot);
	}
}
