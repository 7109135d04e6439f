/*
 * This file contains checked pools (ksan.h's ksan_pool_*): a program's own
 * allocator (a free list, a per-thread cache, lookaside slots, an arena)
 * tells KASAN when it hands an object out and when it takes it back.
 * Handed-out objects are addressable, with their allocation stack; taken
 * back objects carry the heap's freed value (KASAN_SLAB_FREE) and their
 * free stack; memory the pool owns but has not handed out carries the heap's
 * red zone value (KASAN_SLAB_REDZONE), and so does the tail of a slot past
 * the requested size when the pool has an object size.  Reports find the
 * pool's objects here first (kasan_pool_find), so they name the pool as the
 * cache and print its stacks.
 *
 * Each pool has a lock, a record per object start in a hash table (linear
 * probing homed by 16-byte cell, so the objects starting in a range are
 * found cell by cell; it doubles when half full) and, with a release
 * function, a FIFO quarantine bounded in bytes (pool_quarantine_size): a
 * freed object is released to the allocator only when later frees push it
 * out, so a use after free is still caught while the allocator recycles
 * other objects.  Records of freed and released objects stay until the
 * address is handed out again, given back through ksan_pool_add_memory(),
 * freed to the heap or the pool is destroyed: a use after the release and
 * before the reuse still has its stacks.  Memory comes from ksan_port_map,
 * as the depot's does.  Pool locks are leaves (only ksan_port_map and the
 * port's shadow mapping inside); reports (with the report lock held) take
 * kasan_pools_lock, then one pool's lock at a time, and so does the fork
 * protocol.  The release function and reports are called with no pool lock
 * held.  The record table and the quarantine are pool_table.c's; what the
 * heap and the reports ask of the pools is pool_find.c's.
 */
#include "pool.h"

ksan_lock_t kasan_pools_lock;		/* guards kasan_pool_list and free_pools */
struct ksan_pool *kasan_pool_list;		/* live pools */
static struct ksan_pool *free_pools;	/* destroyed ones, never unmapped */
/* Live pools; written under kasan_pools_lock, read without it. */
unsigned long kasan_pools;
/* Every live pool's memory lies in [kasan_pools_lo, kasan_pools_hi); grows only. */
uintptr_t kasan_pools_lo = ~(uintptr_t)0, kasan_pools_hi;
static int warned;			/* one line about bad arguments */

static void warn_once(const struct ksan_pool *p, const char *what, uintptr_t a)
{
	if (__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
		return;
	core_printf("ksan: pool %s: %s (0x%lx); said once\n", p->name, what,
		    (unsigned long)a);
}

/* ---- the fork protocol ------------------------------------------------ */

static void fork_lock_all(void)
{
	struct ksan_pool *p;

	ksan_port_lock(&kasan_pools_lock);
	for (p = kasan_pool_list; p; p = p->next)
		ksan_port_lock(&p->lock);
}

static void fork_unlock_all(int reset)
{
	struct ksan_pool *p;

	for (p = kasan_pool_list; p; p = p->next) {
		if (reset)
			p->lock.state = 0;
		else
			ksan_port_unlock(&p->lock);
	}
	if (reset)
		kasan_pools_lock.state = 0;
	else
		ksan_port_unlock(&kasan_pools_lock);
}

/* ---- shadow ------------------------------------------------------------ */

/* Make [b, e) addressable; a granule shared with bytes before or after the
 * range keeps what is addressable there (ksan_unpoison's rules). */
static void unpoison_range(uintptr_t b, uintptr_t e)
{
	int8_t *last, keep;
	size_t size;

	if (b >= e)
		return;
	if (b & 7) {
		int8_t *s = kasan_shadow(b);
		uintptr_t g = ROUND_DOWN(b, KASAN_GRANULE);

		if (e <= g + KASAN_GRANULE) {
			int8_t k = (int8_t)(e - g);

			if (k == KASAN_GRANULE)
				*s = 0;
			else if (*s < 0 || (*s > 0 && *s < k))
				*s = k;
			return;
		}
		*s = 0;
		b = g + KASAN_GRANULE;
	}
	size = e - b;
	last = kasan_shadow(e);
	keep = *last;
	kasan_unpoison(b, size);
	/* a partial tail must not take bytes from a granule valid further */
	if ((size & 7) && keep >= 0 && (keep == 0 || keep > (int8_t)(size & 7)))
		*last = keep;
}

/* The shadow of [a, a + size) exists: heap memory's always does; other
 * memory (globals, mappings, stacks) is asked of the port once per range. */
static int ensure_shadow(struct ksan_pool *p, uintptr_t a, size_t size)
{
	uintptr_t lo, hi;
	unsigned i;

	if (!size)
		return 0;
	if (core_pagemap_get(a) && core_pagemap_get(a + size - 1))
		return 0;
	for (i = 0; i < ENSURED; i++)
		if (a >= p->ensured[i].lo && a + size <= p->ensured[i].hi)
			return 0;
	if (ksan_port_shadow_ensure(a, size))
		return -1;
	/* the port maps whole shadow pages: 32 KiB of memory each */
	lo = ROUND_DOWN(a, 4096u << KASAN_GRANULE_SHIFT);
	hi = ROUND_UP(a + size, 4096u << KASAN_GRANULE_SHIFT);
	p->ensured[p->ensured_next++ % ENSURED] = (struct range){ lo, hi };
	return 0;
}

/* ---- the stacks ------------------------------------------------------- */

/* The call's stack: the API entry point (printed by name), then its caller. */
static depot_handle_t save_stack(struct core_thread *t, uintptr_t entry, uintptr_t pc,
				 uintptr_t fp)
{
	struct core_caller c = { entry, pc, fp, 0 };

	return core_caller_stack(t, &c);
}

/* ---- public interface (ksan.h) --------------------------------------- */

API struct ksan_pool *ksan_pool_create(const char *name, size_t object_size,
				       ksan_pool_release_fn release, void *arg)
{
	return kasan_pool_create_as(name, object_size, release, arg, 0, 0);
}

struct ksan_pool *kasan_pool_create_as(const char *name, size_t object_size,
				       ksan_pool_release_fn release, void *arg, int pcpu,
				       size_t stride)
{
	struct ksan_pool *p;
	size_t n;

	core_fork_add_hooks(fork_lock_all, fork_unlock_all);
	ksan_port_lock(&kasan_pools_lock);
	p = free_pools;
	if (p)
		free_pools = p->next;
	ksan_port_unlock(&kasan_pools_lock);
	if (!p) {
		p = ksan_port_map(sizeof(*p));
		if (!p)
			return 0;
	}
	core_memset(p, 0, sizeof(*p));
	if (!name || !*name)
		name = "pool";
	n = core_strlen(name);
	if (n > sizeof(p->name) - 1)
		n = sizeof(p->name) - 1;
	core_memcpy(p->name, name, n);
	p->object_size = object_size;
	p->release = release;
	p->arg = arg;
	p->pcpu = pcpu;
	p->pcpu_stride = stride;
	ksan_port_lock(&kasan_pools_lock);
	p->next = kasan_pool_list;
	kasan_pool_list = p;
	__atomic_store_n(&kasan_pools, kasan_pools + 1, __ATOMIC_RELAXED);
	ksan_port_unlock(&kasan_pools_lock);
	return p;
}

/* KSAN_POOL_CREATE_TYPED: the pool's objects are of this type (types.c). */
API void ksan_pool_set_type(struct ksan_pool *p, const struct ksan_type *type)
{
	if (p)
		__atomic_store_n(&p->type, type, __ATOMIC_RELEASE);
}

depot_handle_t kasan_pool_stack(uintptr_t entry, uintptr_t pc, uintptr_t fp, uint32_t *tid)
{
	struct core_thread *t = core_thread_get();

	*tid = t->tid;
	return save_stack(t, entry, pc, fp);
}

API void ksan_pool_alloc(struct ksan_pool *p, const volatile void *ptr, size_t size)
{
	depot_handle_t stack;
	uint32_t tid;

	if (!p || !kasan_ready || !ptr)
		return;
	stack = kasan_pool_stack((uintptr_t)ksan_pool_alloc, (uintptr_t)__builtin_return_address(0),
				 (uintptr_t)__builtin_frame_address(0), &tid);
	kasan_pool_alloc_as(p, (uintptr_t)ptr, size, stack, tid);
}

void kasan_pool_alloc_as(struct ksan_pool *p, uintptr_t a, size_t size, depot_handle_t stack,
			 uint32_t tid)
{
	uintptr_t end = a + size, slot_end;
	struct rec *r;

	if (!p || !kasan_ready || !a)
		return;
	slot_end = a + pool_slot_size(p, size);
	if (a < KASAN_NULL_LIMIT || slot_end < a || slot_end > KASAN_ADDR_LIMIT) {
		warn_once(p, "object outside application memory", a);
		return;
	}
	ksan_port_lock(&p->lock);
	if (ensure_shadow(p, a, slot_end - a)) {
		ksan_port_unlock(&p->lock);
		warn_once(p, "no shadow for an object", a);
		return;
	}
	if (!p->off && pool_make_room(p))
		pool_turn_off(p);
	if (!p->off) {
		r = pool_slot_of(p, a);
		/* a record there already: this address freed before (or handed
		 * out twice: the new one is what is true now) */
		if (!r->obj) {
			r->obj = a;
			p->nrecs++;
		}
		r->size = size;
		r->alloc_stack = stack;
		r->alloc_tid = tid;
		r->free_stack = r->free_tid = 0;
		r->seq = ++p->seq;
		r->state = REC_LIVE;
		pool_widen(p, a, slot_end);
		if (slot_end - a > p->max_size)
			p->max_size = slot_end - a;
	}
	unpoison_range(a, end);
	if (slot_end > end)
		kasan_poison_partial(end, slot_end, KASAN_SLAB_REDZONE);
	ksan_port_unlock(&p->lock);
	if (unlikely(__atomic_load_n(&kasan_aux_used, __ATOMIC_RELAXED)))
		kasan_aux_forget(a);	/* a new object: old aux stacks are not its */
}

API int ksan_pool_free(struct ksan_pool *p, const volatile void *ptr)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
	depot_handle_t stack;
	uint32_t tid;

	if (!p || !kasan_ready)
		return 1;
	if (!ptr)
		return 0;	/* nothing to put on a free list */
	stack = kasan_pool_stack((uintptr_t)ksan_pool_free, pc, fp, &tid);
	return kasan_pool_free_as(p, (uintptr_t)ptr, stack, tid, pc, fp,
				  (uintptr_t)ksan_pool_free, 0);
}

int kasan_pool_free_as(struct ksan_pool *p, uintptr_t a, depot_handle_t stack, uint32_t tid,
		       uintptr_t pc, uintptr_t fp, uintptr_t entry, int *bad)
{
	uintptr_t out[RELEASE_BATCH];
	enum kasan_free_bug bug;
	struct rec *r;
	size_t size, i, n;

	ksan_port_lock(&p->lock);
	if (p->off) {
		ksan_port_unlock(&p->lock);
		return 1;
	}
	r = pool_find_rec(p, a);
	if (!r || r->state != REC_LIVE) {
		bug = r ? KASAN_DOUBLE_FREE : KASAN_INVALID_FREE;
		ksan_port_unlock(&p->lock);
		if (bad)
			*bad = 1;
		kasan_report_free_to(a, bug, p->name, pc, fp, entry);
		return 0;
	}
	size = r->size;
	r->free_stack = stack;
	r->free_tid = tid;
	r->seq = ++p->seq;
	kasan_poison_partial(a, a + size, KASAN_SLAB_FREE);
	if (!p->release) {
		r->state = REC_FREED;
		ksan_port_unlock(&p->lock);
		kasan_intra_forget(a, size, 0);
		return 1;
	}
	r->state = REC_QUARANTINED;
	if (pool_q_push(p, a, pool_slot_size(p, size) ? pool_slot_size(p, size) : 1, r->seq)) {
		/* no room to queue it: it goes back at once */
		r->state = REC_FREED;
		ksan_port_unlock(&p->lock);
		kasan_intra_forget(a, size, 0);
		return 1;
	}
	n = pool_q_evict(p, pool_quarantine_limit(), out, RELEASE_BATCH);
	ksan_port_unlock(&p->lock);
	kasan_intra_forget(a, size, 0);
	/* the release function runs on this thread with no ksan lock held;
	 * a large object may push out more than one batch */
	while (n) {
		for (i = 0; i < n; i++)
			p->release((void *)out[i], p->arg);
		if (n < RELEASE_BATCH)
			break;
		ksan_port_lock(&p->lock);
		n = pool_q_evict(p, pool_quarantine_limit(), out, RELEASE_BATCH);
		ksan_port_unlock(&p->lock);
	}
	return 0;
}

API void ksan_pool_add_memory(struct ksan_pool *p, const volatile void *ptr, size_t size)
{
	uintptr_t a = (uintptr_t)ptr, end = a + size;

	if (!p || !kasan_ready || !size)
		return;
	if (a < KASAN_NULL_LIMIT || end < a || end > KASAN_ADDR_LIMIT) {
		warn_once(p, "memory outside application memory", a);
		return;
	}
	ksan_port_lock(&p->lock);
	if (ensure_shadow(p, a, size)) {
		ksan_port_unlock(&p->lock);
		warn_once(p, "no shadow for its memory", a);
		return;
	}
	/* the memory holds no objects now: forget the records starting in it
	 * (quarantined ones among them are not released) */
	pool_for_each_in(p, a, end, pool_forget_one, 0);
	if (p->nmem == p->memcap) {
		size_t want = p->memcap ? 2 * p->memcap : 16;
		struct range *m = ksan_port_map(want * sizeof(*m));

		if (m) {
			if (p->mem) {
				core_memcpy(m, p->mem, p->nmem * sizeof(*m));
				ksan_port_unmap(p->mem, p->memcap * sizeof(*m));
			}
			p->mem = m;
			p->memcap = want;
		}
	}
	/* without room the range is not made addressable again at destroy */
	if (p->nmem < p->memcap)
		p->mem[p->nmem++] = (struct range){ a, end };
	pool_widen(p, a, end);
	kasan_poison_partial(a, end, KASAN_SLAB_REDZONE);
	ksan_port_unlock(&p->lock);
}

API void ksan_pool_destroy(struct ksan_pool *p)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
	struct ksan_pool **pp;
	const struct rec *first = 0;
	struct kasan_object o;
	unsigned long live = 0;
	int linked;
	size_t i;

	if (!p)
		return;
	ksan_port_lock(&kasan_pools_lock);
	for (pp = &kasan_pool_list; *pp && *pp != p; pp = &(*pp)->next)
		;
	linked = *pp == p;
	if (linked) {
		*pp = p->next;
		__atomic_store_n(&kasan_pools, kasan_pools - 1, __ATOMIC_RELAXED);
	}
	ksan_port_unlock(&kasan_pools_lock);
	if (!linked) {
		warn_once(p, "destroyed twice, or not a pool", (uintptr_t)p);
		return;
	}
	ksan_port_lock(&p->lock);	/* a call in flight on another thread ends */
	ksan_port_unlock(&p->lock);
	/* nobody reaches p now but this thread; the oldest object still in
	 * use is the likeliest leak */
	for (i = 0; i < p->nslots; i++) {
		const struct rec *r = &p->table[i];

		if (r->obj && r->state == REC_LIVE) {
			live++;
			if (!first || r->seq < first->seq)
				first = r;
		}
	}
	if (live && kasan_ready) {
		pool_fill_object(p, first, &o);
		kasan_report_pool_destroy(p->name, live, &o, pc, fp, (uintptr_t)ksan_pool_destroy);
	}
	/* the memory is the program's again, as before the pool had it */
	if (kasan_ready) {
		for (i = 0; i < p->nslots; i++)
			if (p->table[i].obj)
				unpoison_range(p->table[i].obj,
					       p->table[i].obj + pool_slot_size(p, p->table[i].size));
		for (i = 0; i < p->nmem; i++)
			unpoison_range(p->mem[i].lo, p->mem[i].hi);
	}
	/* then the quarantined objects go back to the allocator, oldest first */
	for (i = 0; i < p->qlen; i++) {
		struct qent *e = &p->q[(p->qhead + i) & (p->qcap - 1)];
		struct rec *r = pool_find_rec(p, e->obj);

		if (r && r->state == REC_QUARANTINED && r->seq == e->seq)
			p->release((void *)e->obj, p->arg);
	}
	if (p->table)
		ksan_port_unmap(p->table, p->nslots * sizeof(struct rec));
	if (p->q)
		ksan_port_unmap(p->q, p->qcap * sizeof(struct qent));
	if (p->mem)
		ksan_port_unmap(p->mem, p->memcap * sizeof(struct range));
	ksan_port_lock(&kasan_pools_lock);
	core_memset(p, 0, sizeof(*p));
	p->next = free_pools;
	free_pools = p;
	ksan_port_unlock(&kasan_pools_lock);
}
