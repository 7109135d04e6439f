/*
 * This file contains KMSAN's heap: objects from the core slab's size
 * classes with no red zones (addressability is not KMSAN's business), no
 * quarantine (a freed slot is reused at once, so peak memory stays at the
 * program's own) and no header in the slot: each region keeps one small
 * record per slot on the side.  A header in the slot would cost its bytes
 * three times (data, shadow, origins) and push small objects up a class;
 * the side records are runtime memory whose metadata is never touched.
 * Objects over SLAB_MAX get a mapping of their own, released at free.
 * Allocation stacks are depot handles; the object's bytes are poisoned
 * with an allocation origin when made (calloc: clean) and with a free
 * origin when freed, as the kernel's KMSAN does for slab objects.
 */
#include "kmsan.h"

#define REGION_BYTES (1u << 20)	/* the core slab's regions */

enum { SLOT_FREE = 0, SLOT_LIVE = 0xa1, SLOT_DEAD = 0xf4 };

struct slot_rec {		/* one per slot, in the region's side table */
	uint32_t size;		/* requested size */
	uint32_t alloc_stack;
	uint16_t obj_off;	/* object = slot + obj_off (alignment) */
	uint8_t state;
	uint8_t cls;
};
_Static_assert(sizeof(struct slot_rec) == 12, "12 bytes a slot");

struct large {			/* first page of a large object's mapping */
	uint32_t kind;		/* PAGE_KIND_LARGE */
	uint32_t state;
	uintptr_t obj, base;	/* the object; the mapping's start */
	size_t size, map_size;
	uint32_t alloc_stack;
};

/* A fresh region: its metadata is mapped now, not one fault at a time,
 * and its side table (zero: every slot free) is mapped untouched. */
static void region_init(struct core_region *r)
{
	size_t slots = (r->end - r->base) / r->stride;

	ksan_port_shadow_ensure(ROUND_DOWN((uintptr_t)r, 4096), REGION_BYTES);
	r->detector = ksan_port_map(ROUND_UP(slots * sizeof(struct slot_rec), 4096));
}

/* The record of the slot at slot, in region r (NULL without a table). */
static struct slot_rec *rec_of(const struct core_region *r, uintptr_t slot)
{
	struct slot_rec *t = r->detector;

	if (unlikely(!t))
		return 0;
	/* exact: see core_slot_of */
	return t + (((slot - r->base) * r->stride_inv) >> 40);
}

/*
 * Size classes finer than kmalloc's (whose names only KASAN's reports
 * print): 16-byte steps to 128, then four per power of two up to 32 KiB,
 * as MemorySanitizer's allocator spaces them.  With kmalloc's, a 1032-byte
 * object took 2048 bytes and a 5000-byte one 8192 (sqlite's page cache),
 * each three times over with shadow and origins.
 */
#define NCLASSES 40
#define SLAB_MAX (1u << 15)
_Static_assert(NCLASSES <= CORE_NCLASSES, "the core slab holds them");
static uint32_t class_size[NCLASSES];

/* Class of a capacity of n bytes, 16 <= n <= SLAB_MAX. */
static inline unsigned size_class(size_t n)
{
	unsigned p;

	if (n <= 128)
		return (unsigned)(n - 1) >> 4;
	p = 63 - __builtin_clzll(n - 1);	/* 2^p < n <= 2^(p+1) */
	return 8 + (p - 7) * 4 + (unsigned)((n - 1) >> (p - 2) & 3);
}

void kmsan_heap_init(void)
{
	unsigned i;

	for (i = 0; i < NCLASSES; i++)
		class_size[i] = i < 8 ? 16 * (i + 1) :
				(128u << (i - 8) / 4) / 4 * (5 + (i - 8) % 4);
	core_slab_set_classes(class_size, NCLASSES);
	core_slab_set_redzone(0);
	core_slab_set_header(0);
	core_slab_init(region_init);
}

static void fresh(void *obj, size_t size, int flags, depot_handle_t stack)
{
	if (flags & KMSAN_ZERO) {
		core_memset(obj, 0, size);
		kmsan_unpoison(obj, size);
	} else {
		kmsan_poison(obj, size, kmsan_origin_alloc(stack));
	}
}

static void *large_alloc(size_t size, size_t align, int flags,
			 const struct kmsan_caller *cl, int *err)
{
	size_t page = ksan_port_page_size();
	size_t slack = align > page ? align : 0;
	size_t map = page + ROUND_UP(size ? size : 1, page) + slack;
	uintptr_t raw, obj;
	struct large *l;

	/* [descriptor page][object], the object aligned within the slack */
	raw = (uintptr_t)ksan_port_map(map);
	if (!raw) {
		*err = KMSAN_ENOMEM;
		return 0;
	}
	obj = ROUND_UP(raw + page, slack ? align : page);
	l = (struct large *)(obj - page);
	if (ksan_port_shadow_ensure(raw, map) || core_pagemap_set(raw, map, l)) {
		ksan_port_unmap((void *)raw, map);
		*err = KMSAN_ENOMEM;
		return 0;
	}
	l->kind = PAGE_KIND_LARGE;
	l->obj = obj;
	l->size = size;
	l->map_size = map;
	l->base = raw;
	l->alloc_stack = kmsan_caller_stack(cl);
	fresh((void *)obj, size, flags, l->alloc_stack);
	__atomic_store_n(&l->state, SLOT_LIVE, __ATOMIC_RELEASE);
	return (void *)obj;
}

void *kmsan_malloc(size_t size, size_t align, int flags,
		   const struct kmsan_caller *cl, int *err)
{
	struct core_thread *t;
	struct core_region *r;
	struct slot_rec *rec;
	size_t need;
	unsigned cls;
	uintptr_t slot, obj;
	void *s;

	*err = core_alloc_request(size, &align, &need);
	if (unlikely(*err))
		return 0;
	if (need > SLAB_MAX)
		return large_alloc(size, align, flags, cl, err);
	t = core_thread_get();
	cls = size_class(need);
	s = core_slot_alloc(t, cls);
	if (!s) {
		*err = KMSAN_ENOMEM;
		return 0;
	}
	slot = (uintptr_t)s;
	r = core_region_of(slot);
	rec = r ? rec_of(r, slot) : 0;
	if (unlikely(!rec)) {	/* no side table: the slot stays out of use */
		*err = KMSAN_ENOMEM;
		return 0;
	}
	obj = ROUND_UP(slot, align);
	rec->cls = (uint8_t)cls;
	rec->obj_off = (uint16_t)(obj - slot);
	rec->size = (uint32_t)size;
	rec->alloc_stack = kmsan_caller_stack(cl);
	fresh((void *)obj, size, flags, rec->alloc_stack);
	__atomic_store_n(&rec->state, SLOT_LIVE, __ATOMIC_RELEASE);
	return (void *)obj;
}

/* The live object starting at p: its slot record or large descriptor;
 * *slot = the slot's start for a slab object. */
static void *lookup_live(uintptr_t p, int *is_large, uintptr_t *slot)
{
	void *owner = core_pagemap_get(p);

	if (!owner)
		return 0;
	if (((struct large *)owner)->kind == PAGE_KIND_LARGE) {
		struct large *l = owner;

		*is_large = 1;
		return l->obj == p && __atomic_load_n(&l->state, __ATOMIC_ACQUIRE) ==
		       SLOT_LIVE ? l : 0;
	} else {
		struct core_region *r = owner;
		struct slot_rec *rec;

		*is_large = 0;
		*slot = core_slot_of(r, p);
		if (!*slot || !(rec = rec_of(r, *slot)) || *slot + rec->obj_off != p)
			return 0;
		return __atomic_load_n(&rec->state, __ATOMIC_ACQUIRE) == SLOT_LIVE ? rec : 0;
	}
}

int kmsan_free(void *ptr, const struct kmsan_caller *cl)
{
	int is_large;
	uintptr_t slot = 0;
	void *o = lookup_live((uintptr_t)ptr, &is_large, &slot);

	if (!o)
		return -1;	/* not KMSAN's to judge: left alone */
	if (is_large) {
		struct large *l = o;
		uintptr_t base = l->base;
		size_t map = l->map_size;

		if (!__sync_bool_compare_and_swap(&l->state, SLOT_LIVE, SLOT_DEAD))
			return -1;
		/* the mapping goes, and its metadata is zero again for
		 * whatever is mapped there next */
		core_pagemap_clear(base, map);
		ksan_port_discard(kmsan_shadow_of(base), map);
		ksan_port_discard(kmsan_origin_of(base), map);
		ksan_port_unmap((void *)base, map);
		return 0;
	} else {
		struct slot_rec *rec = o;

		if (!__sync_bool_compare_and_swap(&rec->state, SLOT_LIVE, SLOT_DEAD))
			return -1;
		kmsan_poison(ptr, rec->size,
			     kmsan_origin_free(kmsan_caller_stack(cl)));
		__atomic_store_n(&rec->state, SLOT_FREE, __ATOMIC_RELEASE);
		core_slot_free(core_thread_get(), rec->cls, (void *)slot);
		return 0;
	}
}

size_t kmsan_usable_size(const void *ptr)
{
	int is_large;
	uintptr_t slot;
	void *o = lookup_live((uintptr_t)ptr, &is_large, &slot);

	if (!o)
		return (size_t)-1;
	return is_large ? ((struct large *)o)->size : ((struct slot_rec *)o)->size;
}

uint32_t kmsan_alloc_stack(const void *ptr)
{
	int is_large;
	uintptr_t slot;
	void *o = lookup_live((uintptr_t)ptr, &is_large, &slot);

	if (!o)
		return 0;
	return is_large ? ((struct large *)o)->alloc_stack :
	       ((struct slot_rec *)o)->alloc_stack;
}
