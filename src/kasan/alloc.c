/*
 * This file contains generic KASAN's heap: objects from the core slab with a
 * 16-byte header as left red zone, a poisoned class tail and right red zone,
 * alloc/free stacks as depot handles, and a quarantine before reuse.
 * Objects over CORE_SLAB_MAX are "large": their own mapping, with a
 * descriptor in the first page and page-granular red zones.
 *
 * A slot is [struct chunk][pad to alignment][object][tail][right red zone].
 * Frees are validated before any state changes; the LIVE -> QUARANTINED
 * transition is a compare-and-swap, so racing double frees report once.
 */
#include "kasan.h"

enum { CHUNK_AVAILABLE = 0, CHUNK_LIVE = 0xa1, CHUNK_QUARANTINED = 0xf4 };

struct chunk {			/* at slot start; the object's left red zone */
	uint8_t state;
	uint8_t cls;
	uint16_t obj_off;	/* object = slot + 16 + obj_off */
	uint32_t size;		/* requested size */
	uint32_t alloc_stack;
	uint32_t alloc_tid;	/* | TID_IGNORED: never a leak (src/leak) */
};
_Static_assert(sizeof(struct chunk) == CORE_SLOT_HEADER, "chunk is the left red zone");

struct free_info {		/* in a freed object's first 16 bytes */
	uint32_t free_stack;
	uint32_t free_tid;
	void *qlink;
};

struct large {			/* at the start of a large object's mapping */
	uint32_t kind;		/* PAGE_KIND_LARGE */
	uint8_t state;
	uint8_t pad[3];
	uintptr_t obj;
	size_t size;		/* requested */
	size_t map_size;
	uint32_t alloc_stack, alloc_tid;	/* alloc_tid as the chunk's */
	uint32_t free_stack, free_tid;
	void *qlink;
};

/* Thread ids stay below 2^22 (Linux's pid_max): the top bit of alloc_tid
 * marks an object the leak detector ignores, and goes with the next
 * allocation of the slot. */
#define TID_IGNORED 0x80000000u
/* The next bit: the object has types in types.c's table, forgotten when
 * it is freed (one test of a word the free path reads anyway). */
#define TID_TYPED 0x40000000u
#define TID_FLAGS (TID_IGNORED | TID_TYPED)

static size_t page_size;

static uintptr_t obj_of(const struct chunk *c)
{
	return (uintptr_t)c + CORE_SLOT_HEADER + c->obj_off;
}

/* A fresh region's slots: all red zone until allocated. */
static void region_init(struct core_region *r)
{
	uintptr_t start = ROUND_DOWN((uintptr_t)r, 4096);

	if (ksan_port_shadow_ensure(start, CORE_REGION_SIZE))
		core_fatal("cannot map shadow for the heap");
	kasan_poison(start, CORE_REGION_SIZE, KASAN_SLAB_REDZONE);
}

static void **qlink_of(void *obj)
{
	struct large *l = obj;
	struct chunk *c = obj;

	if (l->kind == PAGE_KIND_LARGE)
		return &l->qlink;
	return &((struct free_info *)obj_of(c))->qlink;
}

/* The mapping goes back to the system through the unmap quarantine
 * (unmap.c): a stale pointer faults there as use-after-unmap, with the
 * object's stacks, until the quarantine releases it. */
static void large_release(struct large *l)
{
	uintptr_t base = (uintptr_t)l;
	size_t sz = l->map_size;
	struct kasan_unmap_rec r = {
		.map_stack = l->alloc_stack, .map_tid = l->alloc_tid & ~TID_FLAGS,
		.unmap_stack = l->free_stack, .unmap_tid = l->free_tid,
		.obj = l->obj, .obj_size = l->size,
	};

	core_pagemap_clear(base, sz);
	/* shadow of unmapped memory goes back to zero: whole pages are
	 * discarded, the partial ones at either end are written (a discard
	 * rounds inward, and a mapping placed here later would inherit the
	 * freed value there) */
	{
		uintptr_t s = (uintptr_t)kasan_shadow(base), e = s + (sz >> KASAN_GRANULE_SHIFT);
		uintptr_t a = ROUND_UP(s, page_size), b = ROUND_DOWN(e, page_size);

		if (a >= b) {
			core_memset((void *)s, 0, e - s);
		} else {
			core_memset((void *)s, 0, a - s);
			core_memset((void *)b, 0, e - b);
			ksan_port_discard((void *)a, b - a);
		}
	}
	kasan_unmap_heap(base, sz, &r);
}

static void quarantine_release(struct core_thread *t, void *obj)
{
	struct chunk *c = obj;

	if (((struct large *)obj)->kind == PAGE_KIND_LARGE) {
		large_release(obj);
		return;
	}
	/* the object's shadow stays "freed" until the slot is reused */
	__atomic_store_n(&c->state, CHUNK_AVAILABLE, __ATOMIC_RELEASE);
	core_slot_free(t, c->cls, c);
}

/* A word of a heap object whose shadow is poisoned (a freed pool object's
 * stale link) keeps nothing alive: LeakSanitizer's use_poisoned=0. */
static int heap_poisoned(uintptr_t a)
{
	return *kasan_shadow(a) != 0;
}

/* The heap as the registry (core.h) shows it to the leak detector; the
 * pointer-pair check is KASAN's own and asks kasan_find_object. */
static const struct core_heap kasan_heap = {
	.name = "kasan",
	.walk = kasan_heap_walk,
	.ignore = kasan_heap_ignore,
	.poisoned = heap_poisoned,
	.walk_roots = kasan_fakestack_walk,
};

void kasan_heap_init(void)
{
	page_size = ksan_port_page_size();
	core_slab_set_redzone(core_opt.redzone);
	core_slab_init(region_init);
	core_quarantine_init(qlink_of, quarantine_release);
	kasan_fakestack_init();
	kasan_globals_fork_init();
	kasan_aux_fork_init();
	kasan_types_fork_init();
	core_heap_register(&kasan_heap);
}

/*
 * A large object's mapping is [descriptor page(s)][object][page red zone],
 * with the object aligned to align.  For an alignment over a page, map
 * align bytes more and give back the unused head and tail, so neither the
 * mapping nor its shadow grows with the alignment.
 */
static void *large_alloc(size_t size, size_t align, const struct kasan_caller *cl,
			 int *err)
{
	size_t body = ROUND_UP(size, page_size) + page_size;
	size_t map = page_size + body, slack = align > page_size ? align : 0;
	uintptr_t raw, base, obj;
	struct large *l;

	_Static_assert(sizeof(struct large) <= 4096, "descriptor fits one page");
	raw = (uintptr_t)ksan_port_map(map + slack);
	if (!raw) {
		*err = KASAN_ENOMEM;
		return 0;
	}
	obj = ROUND_UP(raw + page_size, slack ? align : page_size);
	base = obj - page_size;
	if (base > raw)
		ksan_port_unmap((void *)raw, base - raw);
	if (raw + map + slack > base + map)
		ksan_port_unmap((void *)(base + map), raw + map + slack - (base + map));
	l = (struct large *)base;
	if (ksan_port_shadow_ensure(base, map) || core_pagemap_set(base, map, l)) {
		ksan_port_unmap(l, map);
		*err = KASAN_ENOMEM;
		return 0;
	}
	l->kind = PAGE_KIND_LARGE;
	l->obj = obj;
	l->size = size;
	l->map_size = map;
	kasan_poison(base, obj - base, KASAN_PAGE_REDZONE);
	kasan_unpoison(obj, size);
	kasan_poison(ROUND_UP(obj + size, 8), base + map - ROUND_UP(obj + size, 8),
		     KASAN_PAGE_REDZONE);
	l->alloc_stack = core_caller_stack(core_thread_get(), cl);
	l->alloc_tid = ksan_port_thread_id();
	__atomic_store_n(&l->state, CHUNK_LIVE, __ATOMIC_RELEASE);
	if (unlikely(__atomic_load_n(&kasan_aux_used, __ATOMIC_RELAXED)))
		kasan_aux_forget(obj);
	return (void *)obj;
}

void *kasan_malloc(size_t size, size_t align, int flags,
		   const struct kasan_caller *cl, int *err)
{
	struct core_thread *t;
	struct chunk *c;
	size_t need, cap;
	unsigned cls;
	uintptr_t slot, obj;

	*err = core_alloc_request(size, &align, &need);
	if (unlikely(*err))
		return 0;
	if (need > CORE_SLAB_MAX)
		return large_alloc(size, align, cl, err);

	t = core_thread_get();
	cls = core_size_class(need);
	c = core_slot_alloc(t, cls);
	if (!c) {
		*err = KASAN_ENOMEM;
		return 0;
	}
	slot = (uintptr_t)c;
	obj = ROUND_UP(slot + CORE_SLOT_HEADER, align);
	cap = core_class_size[cls];
	c->cls = (uint8_t)cls;
	c->obj_off = (uint16_t)(obj - slot - CORE_SLOT_HEADER);
	c->size = (uint32_t)size;
	c->alloc_stack = core_caller_stack(t, cl);
	c->alloc_tid = t->tid;
	c->state = CHUNK_LIVE;

	/* object area: [pad][object][tail], all of it rewritten */
	if (c->obj_off)
		kasan_poison(slot + CORE_SLOT_HEADER, c->obj_off, KASAN_SLAB_REDZONE);
	kasan_unpoison(obj, size);
	{
		uintptr_t tail = ROUND_UP(obj + size, 8);
		uintptr_t end = slot + CORE_SLOT_HEADER + cap;

		if (tail < end)
			kasan_poison(tail, end - tail, KASAN_SLAB_REDZONE);
	}
	if (flags & KASAN_ZERO)
		core_memset((void *)obj, 0, size);
	if (unlikely(__atomic_load_n(&kasan_aux_used, __ATOMIC_RELAXED)))
		kasan_aux_forget(obj);	/* a new object: old aux stacks are not its */
	return (void *)obj;
}

/* Classify p for free/realloc.  Returns the chunk or large descriptor when p
 * is a live object's start; else sets *bug and returns NULL. */
static void *lookup_live(uintptr_t p, enum kasan_free_bug *bug, int *is_large)
{
	void *owner = core_pagemap_get(p);

	*bug = KASAN_INVALID_FREE;
	if (!owner)
		return 0;
	if (((struct large *)owner)->kind == PAGE_KIND_LARGE) {
		struct large *l = owner;
		uint8_t st = __atomic_load_n(&l->state, __ATOMIC_ACQUIRE);

		*is_large = 1;
		if (l->obj != p)
			return 0;
		if (st == CHUNK_LIVE)
			return l;
		if (st == CHUNK_QUARANTINED)
			*bug = KASAN_DOUBLE_FREE;
		return 0;
	} else {
		struct core_region *r = owner;
		uintptr_t slot = core_slot_of(r, p);
		struct chunk *c = (struct chunk *)slot;
		uint8_t st;

		*is_large = 0;
		if (!slot)
			return 0;
		st = __atomic_load_n(&c->state, __ATOMIC_ACQUIRE);
		if (st == CHUNK_AVAILABLE || obj_of(c) != p)
			return 0;
		if (st == CHUNK_LIVE)
			return c;
		if (st == CHUNK_QUARANTINED)
			*bug = KASAN_DOUBLE_FREE;
		return 0;
	}
}

int kasan_free(void *ptr, const struct kasan_caller *cl)
{
	uintptr_t p = (uintptr_t)ptr;
	enum kasan_free_bug bug;
	int is_large;
	void *o = lookup_live(p, &bug, &is_large);
	struct core_thread *t;

	if (!o)
		goto bad;
	t = core_thread_get();
	if (is_large) {
		struct large *l = o;

		if (!__sync_bool_compare_and_swap(&l->state, CHUNK_LIVE, CHUNK_QUARANTINED)) {
			bug = KASAN_DOUBLE_FREE;
			goto bad;
		}
		l->free_stack = core_caller_stack(t, cl);
		l->free_tid = t->tid;
		if (unlikely(l->alloc_tid & TID_TYPED))
			kasan_type_forget(l->obj);
		kasan_intra_forget(l->obj, l->size, 0);
		kasan_pool_forget(l->obj, l->size);
		kasan_poison(l->obj, ROUND_UP(l->size, 8), KASAN_PAGE_FREE);
		core_quarantine_put(t, l, l->map_size);
	} else {
		struct chunk *c = o;
		struct free_info *fi = (struct free_info *)p;

		if (!__sync_bool_compare_and_swap(&c->state, CHUNK_LIVE, CHUNK_QUARANTINED)) {
			bug = KASAN_DOUBLE_FREE;
			goto bad;
		}
		if (unlikely(c->alloc_tid & TID_TYPED))
			kasan_type_forget(p);
		fi->free_stack = core_caller_stack(t, cl);
		fi->free_tid = t->tid;
		kasan_intra_forget(p, c->size, 0);
		kasan_pool_forget(p, c->size);
		kasan_poison(p, ROUND_UP(c->size, 8), KASAN_SLAB_FREE);
		core_quarantine_put(t, c, core_class_stride(c->cls));
	}
	return 0;
bad:
	kasan_report_free(p, bug, cl->pc, cl->fp, cl->entry);
	return -1;
}

size_t kasan_usable_size(const void *ptr)
{
	enum kasan_free_bug bug;
	int is_large;
	void *o = lookup_live((uintptr_t)ptr, &bug, &is_large);

	if (!o)
		return (size_t)-1;
	return is_large ? ((struct large *)o)->size : ((struct chunk *)o)->size;
}

uint32_t kasan_alloc_stack(const void *ptr)
{
	enum kasan_free_bug bug;
	int is_large;
	void *o = lookup_live((uintptr_t)ptr, &bug, &is_large);

	if (!o)
		return 0;
	return is_large ? ((struct large *)o)->alloc_stack : ((struct chunk *)o)->alloc_stack;
}

size_t kasan_realloc_size(void *ptr, const struct kasan_caller *cl)
{
	enum kasan_free_bug bug;
	int is_large;
	void *o = lookup_live((uintptr_t)ptr, &bug, &is_large);

	if (!o) {
		/* realloc of a freed pointer is a use-after-free of sorts; the
		 * kernel's krealloc reports it as a bad free: do the same */
		kasan_report_free((uintptr_t)ptr, bug, cl->pc, cl->fp, cl->entry);
		return (size_t)-1;
	}
	return is_large ? ((struct large *)o)->size : ((struct chunk *)o)->size;
}

static void fill_from_chunk(const struct chunk *c, struct kasan_object *o)
{
	o->start = obj_of(c);
	o->size = c->size;
	o->cache_size = core_class_size[c->cls];
	o->live = c->state == CHUNK_LIVE;
	o->freed = c->state == CHUNK_QUARANTINED;
	o->large = 0;
	o->alloc_stack = c->alloc_stack;
	o->alloc_tid = c->alloc_tid & ~TID_FLAGS;
	if (o->freed) {
		const struct free_info *fi = (const struct free_info *)o->start;

		o->free_stack = fi->free_stack;
		o->free_tid = fi->free_tid;
	}
}

/* How far a report looks for the nearest object when the address is in
 * no object's slot (a free slot's red zone or tail). */
#define NEAREST_WINDOW 4096

static int in_use(const struct chunk *c)
{
	uint8_t st = __atomic_load_n(&c->state, __ATOMIC_ACQUIRE);

	return st == CHUNK_LIVE || st == CHUNK_QUARANTINED;
}

/* The live or quarantined slot nearest to a, stepping from slot by dir
 * (-1, +1) within NEAREST_WINDOW bytes of a and the region; 0 if none. */
static const struct chunk *nearest_in_use(const struct core_region *r, uintptr_t slot,
					  uintptr_t a, int dir)
{
	uintptr_t s = slot;

	for (;;) {
		if (dir < 0) {
			/* the slot below ends at s */
			if (s < r->base + r->stride || s + NEAREST_WINDOW < a)
				return 0;
			s -= r->stride;
		} else {
			s += r->stride;
			if (s >= r->end || s > a + NEAREST_WINDOW)
				return 0;
		}
		if (in_use((const struct chunk *)s))
			return (const struct chunk *)s;
	}
}

/* Distance from a to c's object (0 inside). */
static uintptr_t distance(uintptr_t a, const struct chunk *c)
{
	uintptr_t beg = obj_of(c), end = beg + c->size;

	return a < beg ? beg - a : a >= end ? a - end : 0;
}

static int find_heap_object(uintptr_t a, struct kasan_object *o)
{
	void *owner = core_pagemap_get(a);

	core_memset(o, 0, sizeof(*o));
	if (!owner)
		return 0;
	if (((struct large *)owner)->kind == PAGE_KIND_LARGE) {
		struct large *l = owner;

		if (l->state != CHUNK_LIVE && l->state != CHUNK_QUARANTINED)
			return 0;
		o->start = l->obj;
		o->size = l->size;
		o->cache_size = l->map_size;
		o->large = 1;
		o->live = l->state == CHUNK_LIVE;
		o->freed = l->state == CHUNK_QUARANTINED;
		o->alloc_stack = l->alloc_stack;
		o->alloc_tid = l->alloc_tid & ~TID_FLAGS;
		o->free_stack = l->free_stack;
		o->free_tid = l->free_tid;
		return 1;
	} else {
		struct core_region *r = owner;
		uintptr_t slot = core_slot_of(r, a);
		const struct chunk *c = (const struct chunk *)slot, *left, *right;

		if (!slot)
			return 0;
		/* in its own slot's object area or tail: that object */
		if (in_use(c) && a >= obj_of(c))
			goto found;
		/*
		 * In a slot's header (the left red zone), or in a free slot:
		 * the nearest object in use on either side, as ASan names the
		 * nearest chunk ("located N bytes to the right of").  A free
		 * slot's header and size are stale or zero: never describe it.
		 */
		left = nearest_in_use(r, slot, a, -1);
		right = in_use(c) ? c : nearest_in_use(r, slot, a, 1);
		if (!left && !right)
			return 0;
		c = !right || (left && distance(a, left) <= distance(a, right)) ? left : right;
found:
		fill_from_chunk(c, o);
		return 1;
	}
}

/* The heap object for a, unless a checked pool's object describes it
 * better (pool.c). */
int kasan_find_object(uintptr_t a, struct kasan_object *o)
{
	return kasan_pool_find(a, o, find_heap_object(a, o));
}

/* ---- the leak detector's view (the heap registry, core.h) ---------- */

struct walk {
	core_heap_walk_fn fn;
	void *arg;
};

static void walk_owner(void *arg, void *owner, uintptr_t addr)
{
	const struct walk *w = arg;

	if (((struct large *)owner)->kind == PAGE_KIND_LARGE) {
		const struct large *l = owner;

		if (l->state == CHUNK_LIVE)
			w->fn(w->arg, l->obj, l->size, l->alloc_stack,
			      l->alloc_tid & ~TID_FLAGS, !!(l->alloc_tid & TID_IGNORED));
	} else {
		const struct core_region *r = owner;
		uintptr_t s, end = core_slab_carved(r);

		/* slots carved and never handed out are zero: CHUNK_AVAILABLE */
		for (s = r->base; s < end; s += r->stride) {
			const struct chunk *c = (const struct chunk *)s;

			if (c->state == CHUNK_LIVE)
				w->fn(w->arg, obj_of(c), c->size, c->alloc_stack,
				      c->alloc_tid & ~TID_FLAGS,
				      !!(c->alloc_tid & TID_IGNORED));
		}
	}
}

void kasan_heap_walk(core_heap_walk_fn fn, void *arg)
{
	struct walk w = { fn, arg };

	core_pagemap_walk(walk_owner, &w);
}

/* types.c: the live heap object starting at start has types now. */
int kasan_heap_mark_typed(uintptr_t start)
{
	enum kasan_free_bug bug;
	int is_large;
	void *o = lookup_live(start, &bug, &is_large);

	if (!o)
		return -1;
	__atomic_fetch_or(is_large ? &((struct large *)o)->alloc_tid : &((struct chunk *)o)->alloc_tid,
			  TID_TYPED, __ATOMIC_RELAXED);
	return 0;
}

int kasan_heap_ignore(const void *p)
{
	struct kasan_object o;
	uint32_t *tid;
	void *owner;

	if (!find_heap_object((uintptr_t)p, &o) || !o.live ||
	    (uintptr_t)p - o.start >= (o.size ? o.size : 1))
		return -1;
	owner = core_pagemap_get(o.start);
	if (((struct large *)owner)->kind == PAGE_KIND_LARGE)
		tid = &((struct large *)owner)->alloc_tid;
	else
		tid = &((struct chunk *)core_slot_of(owner, o.start))->alloc_tid;
	return __atomic_fetch_or(tid, TID_IGNORED, __ATOMIC_RELAXED) & TID_IGNORED ? 1 : 0;
}
