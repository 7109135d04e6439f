/*
 * This file contains what the heap and the reports ask of the checked
 * pools: forget the records of memory the heap frees, and the pool object
 * nearest an address (kasan_pool_find_range), described as the heap's are.
 */
#include "pool.h"

void pool_fill_object(const struct ksan_pool *p, const struct rec *r, struct kasan_object *o)
{
	core_memset(o, 0, sizeof(*o));
	o->start = r->obj;
	o->size = r->size;
	o->cache_size = pool_slot_size(p, r->size);
	o->cache = p->name;
	o->type = p->type;
	o->live = r->state == REC_LIVE;
	o->freed = !o->live;
	o->alloc_stack = r->alloc_stack;
	o->alloc_tid = r->alloc_tid;
	o->free_stack = r->free_stack;
	o->free_tid = r->free_tid;
	o->pcpu = p->pcpu;
	o->pcpu_base = p->pcpu ? r->obj - (uintptr_t)(p->pcpu - 1) * p->pcpu_stride : 0;
}

/* ---- hooks of the heap and the reporter ------------------------------ */

void kasan_pool_forget_range(uintptr_t addr, size_t size)
{
	struct ksan_pool *p;

	if (!size || addr >= __atomic_load_n(&kasan_pools_hi, __ATOMIC_RELAXED) ||
	    addr + size <= __atomic_load_n(&kasan_pools_lo, __ATOMIC_RELAXED))
		return;
	ksan_port_lock(&kasan_pools_lock);
	for (p = kasan_pool_list; p; p = p->next) {
		ksan_port_lock(&p->lock);
		if (addr < p->hi && addr + size > p->lo)
			pool_for_each_in(p, addr, addr + size, pool_forget_one, 0);
		ksan_port_unlock(&p->lock);
	}
	ksan_port_unlock(&kasan_pools_lock);
}

/* The best record for an address so far. */
struct hit {
	struct ksan_pool *pool;
	struct rec r;
	size_t dist;		/* 0 inside */
	int inside;
};

struct search {
	uintptr_t a;
	struct ksan_pool *pool;	/* the one being searched */
	struct hit *best;
};

static int better(const struct hit *h, const struct hit *b)
{
	if (!b->pool)
		return 1;
	if (h->inside != b->inside)
		return h->inside;
	if (h->inside && h->pool != b->pool)	/* nested pools: the smaller object */
		return h->r.size < b->r.size;
	if (h->dist != b->dist)
		return h->dist < b->dist;
	return h->pool == b->pool && h->r.seq > b->r.seq;	/* the newest */
}

static int consider(struct ksan_pool *p, size_t i, void *arg)
{
	struct search *s = arg;
	const struct rec *r = &p->table[i];
	struct hit h;

	h.pool = p;
	h.r = *r;
	h.inside = s->a >= r->obj && s->a - r->obj < r->size;
	h.dist = h.inside ? 0 : s->a < r->obj ? r->obj - s->a : s->a - (r->obj + r->size);
	if ((h.inside || h.dist <= NEAREST_WINDOW) && better(&h, s->best))
		*s->best = h;
	return 0;
}

static int search(uintptr_t a, struct hit *best)
{
	struct search s = { a, 0, best };
	struct ksan_pool *p;

	core_memset(best, 0, sizeof(*best));
	ksan_port_lock(&kasan_pools_lock);
	for (p = kasan_pool_list; p; p = p->next) {
		uintptr_t lo, hi;

		ksan_port_lock(&p->lock);
		/* objects that hold a or end within the window before it start
		 * in [a - window - max_size, a + window] */
		lo = a - NEAREST_WINDOW - p->max_size;
		lo = lo > a ? 0 : lo;
		hi = a + NEAREST_WINDOW + 1 < a ? ~(uintptr_t)0 : a + NEAREST_WINDOW + 1;
		if (lo < p->lo)
			lo = p->lo;
		if (hi > p->hi)
			hi = p->hi;
		s.pool = p;
		if (!p->off)
			pool_for_each_in(p, lo, hi, consider, &s);
		ksan_port_unlock(&p->lock);
	}
	ksan_port_unlock(&kasan_pools_lock);
	return best->pool != 0;
}

static size_t heap_distance(uintptr_t a, const struct kasan_object *o)
{
	return a < o->start ? o->start - a : a >= o->start + o->size ? a - (o->start + o->size) : 0;
}

/*
 * The object that describes a: a pool object holding a beats the heap's
 * (pool memory usually lives inside a heap object: the pool's object is the
 * more specific one).  A pool object near a (pool memory not handed out, a
 * slot's tail) beats a live heap object holding a (the pool's memory) and a
 * heap object farther away, not a freed heap object holding a.
 */
int kasan_pool_find_range(uintptr_t a, struct kasan_object *o, int heap_found)
{
	struct hit h;

	if (!search(a, &h))
		return heap_found;
	if (!h.inside && heap_found) {
		int heap_inside = a >= o->start && a - o->start < o->size;

		if (heap_inside ? !o->live : heap_distance(a, o) < h.dist)
			return heap_found;
	}
	pool_fill_object(h.pool, &h.r, o);
	return 1;
}
