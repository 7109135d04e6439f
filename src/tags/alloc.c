/*
 * This file contains tag-based KASAN's heap: objects from the core slab's
 * kmalloc classes with no red zones, no header and no quarantine (as the
 * kernel's tag modes: a freed slot is reused at once), each object rounded
 * up to the 16-byte granule.  An allocation gets a random tag: its granules
 * are tagged with it and the returned pointer carries it in the top byte;
 * the rest of the slot and every free slot carry TAG_INVALID, which no
 * pointer has, so an access beyond the object or after free mismatches.
 * A per-region side table (as KMSAN's heap has) keeps each slot's state,
 * size, tag and allocation stack; every allocation and free also goes to
 * the stack ring (ring.c).  Objects over CORE_SLAB_MAX get a mapping of
 * their own.  For hardware tags the heap's memory is mapped with PROT_MTE
 * by the port and the tags are MTE allocation tags (tag.c).
 */
#include "tags.h"

#define REGION_BYTES (1u << 20)	/* the core slab's regions */

enum { SLOT_FREE = 0, SLOT_LIVE = 0xa1 };

struct slot_rec {		/* one per slot, in the region's side table */
	uint32_t size;		/* requested size */
	uint32_t alloc_stack;
	uint16_t obj_off;	/* object = slot + obj_off (alignment) */
	uint8_t state;
	uint8_t tag;
};
_Static_assert(sizeof(struct slot_rec) == 12, "12 bytes a slot");

struct large {			/* first page of a large object's mapping */
	uint32_t kind;		/* PAGE_KIND_LARGE */
	uint32_t state;
	uintptr_t obj, base;	/* the object (untagged); the mapping's start */
	size_t size, map_size;
	uint32_t alloc_stack;
	uint8_t tag;
};

int (*tags_mte_memory)(void *addr, size_t size);

/* A fresh region: shadow (or PROT_MTE) for its slots, every slot invalid,
 * and its side table.  The descriptor in front keeps tag 0: the core reads
 * it through untagged pointers. */
static void region_init(struct core_region *r)
{
	size_t slots = (r->end - r->base) / r->stride;
	uintptr_t mem = ROUND_DOWN((uintptr_t)r, 4096);

	if (tags_hw && tags_mte_memory)
		tags_mte_memory((void *)mem, REGION_BYTES);
	else
		ksan_port_shadow_ensure(mem, REGION_BYTES);
	tags_set(r->base, r->end - r->base, TAG_INVALID);
	r->detector = ksan_port_map(ROUND_UP(slots * sizeof(struct slot_rec), 4096));
}

static struct slot_rec *rec_of(const struct core_region *r, uintptr_t slot)
{
	struct slot_rec *t = r->detector;

	if (unlikely(!t))
		return 0;
	return t + (((slot - r->base) * r->stride_inv) >> 40);
}

void tags_heap_init(int hw)
{
	tags_hw = hw;
	core_slab_set_redzone(0);
	core_slab_set_header(0);
	core_slab_init(region_init);
}

static void *large_alloc(size_t size, size_t align, int flags,
			 const struct tags_caller *cl, int *err)
{
	size_t page = ksan_port_page_size();
	size_t slack = align > page ? align : 0;
	size_t map = page + ROUND_UP(size ? size : 1, page) + slack;
	uintptr_t raw, obj;
	struct large *l;
	uint8_t tag;

	raw = (uintptr_t)ksan_port_map(map);
	if (!raw) {
		*err = CORE_ALLOC_ENOMEM;
		return 0;
	}
	obj = ROUND_UP(raw + page, slack ? align : page);
	l = (struct large *)(obj - page);
	if ((tags_hw ? !tags_mte_memory || tags_mte_memory((void *)raw, map) :
	     ksan_port_shadow_ensure(raw, map)) || core_pagemap_set(raw, map, l)) {
		ksan_port_unmap((void *)raw, map);
		*err = CORE_ALLOC_ENOMEM;
		return 0;
	}
	tag = tags_random();
	l->kind = PAGE_KIND_LARGE;
	l->obj = obj;
	l->size = size;
	l->map_size = map;
	l->base = raw;
	l->tag = tag;
	l->alloc_stack = core_caller_stack(core_thread_get(), cl);
	tags_set(obj, ROUND_UP(size ? size : 1, TAGS_GRANULE), tag);
	tags_set(obj + ROUND_UP(size ? size : 1, TAGS_GRANULE),
		 raw + map - obj - ROUND_UP(size ? size : 1, TAGS_GRANULE), TAG_INVALID);
	tags_ring_push(tag_set_ptr(obj, tag), size, l->alloc_stack, 0);
	__atomic_store_n(&l->state, SLOT_LIVE, __ATOMIC_RELEASE);
	/* fresh mapping: already zero */
	return (void *)tag_set_ptr(obj, tag);
}

void *tags_malloc(size_t size, size_t align, int flags, const struct tags_caller *cl,
		  int *err)
{
	struct core_region *r;
	struct slot_rec *rec;
	size_t need, gsize;
	unsigned cls;
	uintptr_t slot, obj;
	uint8_t tag;
	void *s;

	*err = core_alloc_request(size, &align, &need);
	if (unlikely(*err))
		return 0;
	if (need > CORE_SLAB_MAX)
		return large_alloc(size, align, flags, cl, err);
	cls = core_size_class(need);
	s = core_slot_alloc(core_thread_get(), cls);
	if (!s) {
		*err = CORE_ALLOC_ENOMEM;
		return 0;
	}
	slot = (uintptr_t)s;
	r = core_region_of(slot);
	rec = r ? rec_of(r, slot) : 0;
	if (unlikely(!rec)) {	/* no side table: the slot stays out of use */
		*err = CORE_ALLOC_ENOMEM;
		return 0;
	}
	obj = ROUND_UP(slot, align);
	gsize = ROUND_UP(size ? size : 1, TAGS_GRANULE);
	tag = tags_random();
	rec->tag = tag;
	rec->obj_off = (uint16_t)(obj - slot);
	rec->size = (uint32_t)size;
	rec->alloc_stack = core_caller_stack(core_thread_get(), cl);
	tags_set(obj, gsize, tag);	/* the rest of the slot stays invalid */
	obj = tag_set_ptr(obj, tag);
	if (flags & TAGS_ZERO)
		core_memset((void *)obj, 0, size);
	tags_ring_push(obj, size, rec->alloc_stack, 0);
	__atomic_store_n(&rec->state, SLOT_LIVE, __ATOMIC_RELEASE);
	return (void *)obj;
}

/* The object whose start is the untagged address p, live or not: its slot
 * record or large descriptor (NULL if p starts no object). */
static void *lookup(uintptr_t p, int *is_large, uintptr_t *slot)
{
	void *owner = core_pagemap_get(p);

	if (!owner)
		return 0;
	if (((struct large *)owner)->kind == PAGE_KIND_LARGE) {
		struct large *l = owner;

		*is_large = 1;
		return l->obj == p ? l : 0;
	} else {
		struct core_region *r = owner;
		struct slot_rec *rec;

		*is_large = 0;
		*slot = core_slot_of(r, p);
		if (!*slot || !(rec = rec_of(r, *slot)) || *slot + rec->obj_off != p)
			return 0;
		return rec;
	}
}

int tags_free(void *ptr, const struct tags_caller *cl)
{
	uintptr_t p = tag_reset((uintptr_t)ptr), slot = 0;
	uint8_t tag = tag_get_ptr((uintptr_t)ptr);
	int is_large = 0;
	void *o = lookup(p, &is_large, &slot);
	depot_handle_t stack;

	if (!o) {
		tags_report_free((uintptr_t)ptr, TAGS_INVALID_FREE, cl->pc, cl->fp, cl->entry);
		return -1;
	}
	if (is_large) {
		struct large *l = o;

		/* a stale pointer to a reused address has another tag */
		if ((tag != l->tag && tag != TAG_MATCH_ALL) ||
		    !__sync_bool_compare_and_swap(&l->state, SLOT_LIVE, SLOT_FREE)) {
			tags_report_free((uintptr_t)ptr, TAGS_DOUBLE_FREE, cl->pc, cl->fp,
					 cl->entry);
			return -1;
		}
		stack = core_caller_stack(core_thread_get(), cl);
		tags_ring_push(tag_set_ptr(l->obj, l->tag), l->size, stack, 1);
		core_pagemap_clear(l->base, l->map_size);
		if (!tags_hw)
			tags_set(l->base, l->map_size, 0);
		ksan_port_unmap((void *)l->base, l->map_size);
		return 0;
	} else {
		struct slot_rec *rec = o;

		if ((tag != rec->tag && tag != TAG_MATCH_ALL) ||
		    !__sync_bool_compare_and_swap(&rec->state, SLOT_LIVE, SLOT_FREE)) {
			tags_report_free((uintptr_t)ptr, TAGS_DOUBLE_FREE, cl->pc, cl->fp,
					 cl->entry);
			return -1;
		}
		stack = core_caller_stack(core_thread_get(), cl);
		/* retag first: from here on the old pointer mismatches */
		tags_set(p, ROUND_UP(rec->size ? rec->size : 1, TAGS_GRANULE), TAG_INVALID);
		tags_ring_push(tag_set_ptr(p, rec->tag), rec->size, stack, 1);
		core_slot_free(core_thread_get(), core_region_of(slot)->cls, (void *)slot);
		return 0;
	}
}

/* The live object at exactly ptr (its tag included), else NULL. */
static void *lookup_live(const void *ptr, int *is_large)
{
	uintptr_t p = tag_reset((uintptr_t)ptr), slot;
	uint8_t tag = tag_get_ptr((uintptr_t)ptr);
	void *o = lookup(p, is_large, &slot);

	if (!o)
		return 0;
	if (*is_large) {
		struct large *l = o;

		return __atomic_load_n(&l->state, __ATOMIC_ACQUIRE) == SLOT_LIVE &&
		       (tag == l->tag || tag == TAG_MATCH_ALL) ? o : 0;
	}
	return __atomic_load_n(&((struct slot_rec *)o)->state, __ATOMIC_ACQUIRE) == SLOT_LIVE &&
	       (tag == ((struct slot_rec *)o)->tag || tag == TAG_MATCH_ALL) ? o : 0;
}

size_t tags_usable_size(const void *ptr)
{
	int is_large;
	void *o = lookup_live(ptr, &is_large);

	if (!o)
		return (size_t)-1;
	return is_large ? ((struct large *)o)->size : ((struct slot_rec *)o)->size;
}

size_t tags_realloc_size(void *ptr, const struct tags_caller *cl)
{
	size_t n = tags_usable_size(ptr);
	uintptr_t slot;
	int is_large;

	if (n == (size_t)-1)
		tags_report_free((uintptr_t)ptr,
				 lookup(tag_reset((uintptr_t)ptr), &is_large, &slot) ?
				 TAGS_DOUBLE_FREE : TAGS_INVALID_FREE,
				 cl->pc, cl->fp, cl->entry);
	return n;
}

uint32_t tags_alloc_stack(const void *ptr)
{
	int is_large;
	void *o = lookup_live(ptr, &is_large);

	if (!o)
		return 0;
	return is_large ? ((struct large *)o)->alloc_stack :
	       ((struct slot_rec *)o)->alloc_stack;
}

int tags_find_object(uintptr_t addr, struct tags_object *o)
{
	uintptr_t a = tag_reset(addr);
	void *owner = core_pagemap_get(a);

	core_memset(o, 0, sizeof(*o));
	if (!owner)
		return 0;
	if (((struct large *)owner)->kind == PAGE_KIND_LARGE) {
		struct large *l = owner;

		o->start = l->obj;
		o->size = l->size;
		o->cache_size = l->map_size;
		o->large = 1;
		o->live = l->state == SLOT_LIVE;
		o->tag = l->tag;
	} else {
		struct core_region *r = owner;
		uintptr_t slot = core_slot_of(r, a);
		struct slot_rec *rec;

		if (!slot || !(rec = rec_of(r, slot)))
			return 0;
		o->start = slot + rec->obj_off;
		o->size = rec->size;
		o->cache_size = core_class_size[r->cls];
		o->live = rec->state == SLOT_LIVE;
		o->tag = rec->tag;
	}
	return 1;
}
