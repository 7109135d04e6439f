/*
 * This file contains KMSAN's heap: objects from the core slab's size
 * classes behind a 16-byte header, with no red zones (addressability is
 * not KMSAN's business) and no quarantine (a freed slot is reused at once,
 * so peak memory stays at the program's own).  Objects over CORE_SLAB_MAX
 * get a mapping of their own, released at free.  Allocation and free
 * stacks are depot handles; the object's bytes are poisoned with an
 * allocation origin when made (calloc: clean) and with a free origin when
 * freed, as the kernel's KMSAN does for slab objects.
 */
#include "kmsan.h"

enum { SLOT_FREE = 0, SLOT_LIVE = 0xa1, SLOT_DEAD = 0xf4 };

struct chunk {			/* at slot start */
	uint8_t state;
	uint8_t cls;
	uint16_t obj_off;	/* object = slot + 16 + obj_off */
	uint32_t size;		/* requested size */
	uint32_t alloc_stack;
	uint32_t free_stack;
};
_Static_assert(sizeof(struct chunk) == CORE_SLOT_HEADER, "one slot header");

struct large {			/* first page of a large object's mapping */
	uint32_t kind;		/* PAGE_KIND_LARGE */
	uint32_t state;
	uintptr_t obj, base;	/* the object; the mapping's start */
	size_t size, map_size;
	uint32_t alloc_stack;
};

depot_handle_t kmsan_caller_stack(const struct kmsan_caller *c)
{
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t n = 0, max = core_opt.malloc_context_size;

	if (c->stack)
		return c->stack;
	if (c->entry)
		pcs[n++] = c->entry;
	n += ksan_port_stack_trace(pcs + n, max + 1 - n, c->pc, c->fp);
	return core_depot_save_cached(core_thread_get(), pcs, n);
}

/* A fresh region: its metadata is mapped now, not one fault at a time. */
static void region_init(struct core_region *r)
{
	ksan_port_shadow_ensure(ROUND_DOWN((uintptr_t)r, 4096), 1u << 20);
}

void kmsan_heap_init(void)
{
	core_slab_set_redzone(0);
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
	struct chunk *c;
	size_t need;
	unsigned cls;
	uintptr_t slot, obj;

	*err = KMSAN_OK;
	if (align < 16)
		align = 16;
	if (align & (align - 1)) {
		*err = KMSAN_EINVAL;
		return 0;
	}
	if (unlikely(size > KMSAN_MAX_ALLOC ||
		     (align > 16 && align > KMSAN_MAX_ALLOC - size))) {
		*err = KMSAN_ENOMEM;
		return 0;
	}
	need = (size < 16 ? 16 : size) + (align - 16);
	if (need > CORE_SLAB_MAX)
		return large_alloc(size, align, flags, cl, err);
	t = core_thread_get();
	cls = core_size_class(need);
	c = core_slot_alloc(t, cls);
	if (!c) {
		*err = KMSAN_ENOMEM;
		return 0;
	}
	slot = (uintptr_t)c;
	obj = ROUND_UP(slot + CORE_SLOT_HEADER, align);
	c->cls = (uint8_t)cls;
	c->obj_off = (uint16_t)(obj - slot - CORE_SLOT_HEADER);
	c->size = (uint32_t)size;
	c->alloc_stack = kmsan_caller_stack(cl);
	c->free_stack = 0;
	fresh((void *)obj, size, flags, c->alloc_stack);
	__atomic_store_n(&c->state, SLOT_LIVE, __ATOMIC_RELEASE);
	return (void *)obj;
}

/* The live object starting at p: its chunk or large descriptor. */
static void *lookup_live(uintptr_t p, int *is_large)
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
		uintptr_t slot = core_slot_of(r, p);
		struct chunk *c = (struct chunk *)slot;

		*is_large = 0;
		if (!slot || slot + CORE_SLOT_HEADER + c->obj_off != p)
			return 0;
		return __atomic_load_n(&c->state, __ATOMIC_ACQUIRE) == SLOT_LIVE ? c : 0;
	}
}

int kmsan_free(void *ptr, const struct kmsan_caller *cl)
{
	int is_large;
	void *o = lookup_live((uintptr_t)ptr, &is_large);

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
		struct chunk *c = o;

		if (!__sync_bool_compare_and_swap(&c->state, SLOT_LIVE, SLOT_DEAD))
			return -1;
		c->free_stack = kmsan_caller_stack(cl);
		kmsan_poison(ptr, c->size, kmsan_origin_free(c->free_stack));
		c->state = SLOT_FREE;
		core_slot_free(core_thread_get(), c->cls, c);
		return 0;
	}
}

size_t kmsan_usable_size(const void *ptr)
{
	int is_large;
	void *o = lookup_live((uintptr_t)ptr, &is_large);

	if (!o)
		return (size_t)-1;
	return is_large ? ((struct large *)o)->size : ((struct chunk *)o)->size;
}

uint32_t kmsan_alloc_stack(const void *ptr)
{
	int is_large;
	void *o = lookup_live((uintptr_t)ptr, &is_large);

	if (!o)
		return 0;
	return is_large ? ((struct large *)o)->alloc_stack :
	       ((struct chunk *)o)->alloc_stack;
}
