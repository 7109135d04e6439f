/*
 * This file contains tag-based KASAN's heap: objects from the core slab's
 * kmalloc classes with no red zones, no header and no quarantine (as the
 * kernel's tag modes: a freed slot is reused at once), each object rounded
 * up to the 16-byte granule.  An allocation gets a random tag, never its
 * neighbours' (unlike_neighbours): its granules are tagged with it and the returned pointer carries it in the top byte;
 * the rest of the slot and every free slot carry TAG_INVALID, which no
 * pointer has, so an access beyond the object or after free mismatches.
 * A per-region side table (the core's side heap, sideheap.c, as KMSAN's
 * heap has) keeps each slot's state, size, tag and allocation stack; every
 * allocation and free also goes to the stack ring (ring.c).  Objects over
 * CORE_SLAB_MAX get a mapping of their own.  For hardware tags the heap's
 * memory is mapped with PROT_MTE by the port and the tags are MTE
 * allocation tags (tag.c).
 */
#include "tags.h"

enum { SLOT_FREE = 0, SLOT_LIVE = 0xa1 };

int (*tags_mte_memory)(void *addr, size_t size);

/* A fresh region: shadow (or PROT_MTE) for its slots, every slot invalid,
 * and its side table.  The descriptor in front keeps tag 0: the core reads
 * it through untagged pointers. */
static void region_init(struct core_region *r)
{
	uintptr_t mem = ROUND_DOWN((uintptr_t)r, 4096);

	if (tags_hw && tags_mte_memory)
		tags_mte_memory((void *)mem, CORE_REGION_SIZE);
	else
		ksan_port_shadow_ensure(mem, CORE_REGION_SIZE);
	tags_set(r->base, r->end - r->base, TAG_INVALID);
	core_side_region_init(r);
}

void tags_heap_init(int hw)
{
	tags_hw = hw;
	core_slab_set_redzone(0);
	core_slab_set_header(0);
	core_slab_init(region_init);
}

/* A large object's fresh mapping: tag storage (hardware) or shadow. */
static int large_ready(uintptr_t base, size_t size)
{
	if (tags_hw)
		return !tags_mte_memory || tags_mte_memory((void *)base, size);
	return ksan_port_shadow_ensure(base, size);
}

/*
 * A random tag unlike both neighbours' (the granule before the slot and
 * the one after it, inside the region): a linear overflow or underflow
 * into a live neighbour then always mismatches, where random tags alone
 * let 1 in 13 (MTE) or 1 in 253 through: memcpy(dst, src, 80) into a
 * 64-byte object, whose slot has no tail, writes the next slot's first
 * granule.  (Scudo gives adjacent chunks odd and even tags for the same
 * reason.)  A neighbour allocated at the same moment by another thread
 * may still get an equal tag; a far access still meets any tag.
 */
static uint8_t unlike_neighbours(const struct core_side_ref *o)
{
	uint8_t left = TAG_INVALID, right = TAG_INVALID, tag;
	int i;

	if (o->region) {
		if (o->slot > o->region->base)
			left = tags_get(o->slot - TAGS_GRANULE);
		if (o->slot + o->region->stride < o->region->end)
			right = tags_get(o->slot + o->region->stride);
	}
	for (i = 0;; i++) {	/* 11 of MTE's 13 tags are left: a few tries */
		tag = tags_random();
		if ((tag != left && tag != right) || i == 64)
			return tag;
	}
}

void *tags_malloc(size_t size, size_t align, int flags, const struct tags_caller *cl,
		  int *err)
{
	struct core_thread *t;
	struct core_side_ref o;
	size_t need, gsize = ROUND_UP(size ? size : 1, TAGS_GRANULE);
	uintptr_t obj;
	uint8_t tag;

	*err = core_alloc_request(size, &align, &need);
	if (unlikely(*err))
		return 0;
	t = core_thread_get();
	if (core_side_alloc(t, need > CORE_SLAB_MAX ? CORE_SIDE_LARGE : core_size_class(need),
			    size, align, large_ready, &o)) {
		*err = CORE_ALLOC_ENOMEM;
		return 0;
	}
	tag = unlike_neighbours(&o);
	o.rec->tag = tag;
	o.rec->alloc_stack = core_caller_stack(t, cl);
	tags_set(o.obj, gsize, tag);	/* the rest of a slot stays invalid */
	if (o.large)		/* the rest of a mapping is made so */
		tags_set(o.obj + gsize, o.large->base + o.large->map_size - o.obj - gsize,
			 TAG_INVALID);
	obj = tag_set_ptr(o.obj, tag);
	if ((flags & TAGS_ZERO) && !o.large)	/* a fresh mapping is zero */
		core_memset((void *)obj, 0, size);
	tags_ring_push(obj, size, o.rec->alloc_stack, 0);
	__atomic_store_n(&o.rec->state, SLOT_LIVE, __ATOMIC_RELEASE);
	return (void *)obj;
}

int tags_free(void *ptr, const struct tags_caller *cl)
{
	uintptr_t p = tag_reset((uintptr_t)ptr);
	uint8_t tag = tag_get_ptr((uintptr_t)ptr);
	struct core_thread *t;
	struct core_side_ref o;
	depot_handle_t stack;

	if (!core_side_find(p, 1, &o)) {
		tags_report_free((uintptr_t)ptr, TAGS_INVALID_FREE, cl->pc, cl->fp, cl->entry);
		return -1;
	}
	/* a stale pointer to a reused address has another tag */
	if ((tag != o.rec->tag && tag != TAG_MATCH_ALL) ||
	    !__sync_bool_compare_and_swap(&o.rec->state, SLOT_LIVE, SLOT_FREE)) {
		tags_report_free((uintptr_t)ptr, TAGS_DOUBLE_FREE, cl->pc, cl->fp, cl->entry);
		return -1;
	}
	t = core_thread_get();
	stack = core_caller_stack(t, cl);
	if (!o.large)	/* retag first: from here on the old pointer mismatches */
		tags_set(p, ROUND_UP(o.rec->size ? o.rec->size : 1, TAGS_GRANULE), TAG_INVALID);
	tags_ring_push(tag_set_ptr(p, o.rec->tag), core_side_size(&o), stack, 1);
	if (o.large && !tags_hw)	/* the shadow of the mapping goes back to 0 */
		tags_set(o.large->base, o.large->map_size, 0);
	core_side_release(t, &o);
	return 0;
}

/* The live object at exactly ptr (its tag included). */
static int lookup_live(const void *ptr, struct core_side_ref *o)
{
	uint8_t tag = tag_get_ptr((uintptr_t)ptr);

	return core_side_find(tag_reset((uintptr_t)ptr), 1, o) &&
	       __atomic_load_n(&o->rec->state, __ATOMIC_ACQUIRE) == SLOT_LIVE &&
	       (tag == o->rec->tag || tag == TAG_MATCH_ALL);
}

size_t tags_usable_size(const void *ptr)
{
	struct core_side_ref o;

	return lookup_live(ptr, &o) ? core_side_size(&o) : (size_t)-1;
}

size_t tags_realloc_size(void *ptr, const struct tags_caller *cl)
{
	size_t n = tags_usable_size(ptr);
	struct core_side_ref o;

	if (n == (size_t)-1)
		tags_report_free((uintptr_t)ptr,
				 core_side_find(tag_reset((uintptr_t)ptr), 1, &o) ?
				 TAGS_DOUBLE_FREE : TAGS_INVALID_FREE,
				 cl->pc, cl->fp, cl->entry);
	return n;
}

uint32_t tags_alloc_stack(const void *ptr)
{
	struct core_side_ref o;

	return lookup_live(ptr, &o) ? o.rec->alloc_stack : 0;
}

int tags_find_object(uintptr_t addr, struct tags_object *o)
{
	struct core_side_ref s;

	core_memset(o, 0, sizeof(*o));
	if (!core_side_find(tag_reset(addr), 0, &s))
		return 0;
	o->start = s.obj;
	o->size = core_side_size(&s);
	o->cache_size = s.large ? s.large->map_size : core_class_size[s.region->cls];
	o->large = s.large != 0;
	o->live = s.rec->state == SLOT_LIVE;
	o->tag = s.rec->tag;
	return 1;
}
