/*
 * This file contains a checked pool's record table (a record per object
 * start, linear probing homed by 16-byte cell, doubled when half full) and
 * its quarantine (a FIFO ring bounded in bytes).  Called with the pool's
 * lock held.
 */
#include "pool.h"

/* ---- records ---------------------------------------------------------- */

static size_t home(const struct ksan_pool *p, uintptr_t obj)
{
	return (size_t)(((obj >> CELL_SHIFT) * 0x9e3779b97f4a7c15ull) >> 32) & (p->nslots - 1);
}

/* The slot holding obj, or the empty slot that ends its probe run. */
struct rec *pool_slot_of(struct ksan_pool *p, uintptr_t obj)
{
	size_t i = home(p, obj);

	while (p->table[i].obj && p->table[i].obj != obj)
		i = (i + 1) & (p->nslots - 1);
	return &p->table[i];
}

struct rec *pool_find_rec(struct ksan_pool *p, uintptr_t obj)
{
	struct rec *r;

	if (!p->table)
		return 0;
	r = pool_slot_of(p, obj);
	return r->obj ? r : 0;
}

/* Empty slot i, moving later members of its probe run back (no
 * tombstones): the entry at j may fill the hole at i unless its home lies
 * cyclically in (i, j]. */
static void remove_slot(struct ksan_pool *p, size_t i)
{
	size_t j = i, mask = p->nslots - 1;

	for (;;) {
		size_t h;

		j = (j + 1) & mask;
		if (!p->table[j].obj)
			break;
		h = home(p, p->table[j].obj);
		if (i <= j ? (h <= i || h > j) : (h <= i && h > j)) {
			p->table[i] = p->table[j];
			i = j;
		}
	}
	p->table[i].obj = 0;
	p->nrecs--;
}

/* Room for one more record: the first table, or twice the slots. */
int pool_make_room(struct ksan_pool *p)
{
	struct rec *old = p->table;
	size_t i, n = p->nslots, want = n ? 2 * n : MIN_SLOTS;

	if (old && (p->nrecs + 1) * 2 <= n)
		return 0;
	p->table = ksan_port_map(want * sizeof(struct rec));
	if (!p->table) {
		p->table = old;
		return -1;
	}
	p->nslots = want;
	for (i = 0; i < n; i++)
		if (old[i].obj)
			*pool_slot_of(p, old[i].obj) = old[i];
	if (old)
		ksan_port_unmap(old, n * sizeof(struct rec));
	return 0;
}

/* Out of memory for the records: the pool stops checking (its objects
 * become addressable as handed out; frees recycle at once) rather than
 * report frees it could not record. */
void pool_turn_off(struct ksan_pool *p)
{
	if (!p->off)
		core_printf("ksan: pool %s: out of memory for its records; its checks are off\n",
			    p->name);
	p->off = 1;
}

size_t pool_slot_size(const struct ksan_pool *p, size_t size)
{
	return p->object_size > size ? p->object_size : size;
}

void pool_widen(struct ksan_pool *p, uintptr_t lo, uintptr_t hi)
{
	uintptr_t g;

	if (p->lo == p->hi) {
		p->lo = lo;
		p->hi = hi;
	} else {
		if (lo < p->lo)
			p->lo = lo;
		if (hi > p->hi)
			p->hi = hi;
	}
	g = __atomic_load_n(&kasan_pools_lo, __ATOMIC_RELAXED);
	while (lo < g && !__atomic_compare_exchange_n(&kasan_pools_lo, &g, lo, 0, __ATOMIC_RELAXED,
						      __ATOMIC_RELAXED))
		;
	g = __atomic_load_n(&kasan_pools_hi, __ATOMIC_RELAXED);
	while (hi > g && !__atomic_compare_exchange_n(&kasan_pools_hi, &g, hi, 0, __ATOMIC_RELAXED,
						      __ATOMIC_RELAXED))
		;
}

/* Call fn(p, i) for each slot i whose record starts in [lo, hi): cell by
 * cell, or in one pass over the table when the range has more cells than
 * the table has slots.  fn returns 1 when it emptied slot i (a later entry
 * may then have moved into it), else 0. */
void pool_for_each_in(struct ksan_pool *p, uintptr_t lo, uintptr_t hi,
		      int (*fn)(struct ksan_pool *p, size_t i, void *arg), void *arg)
{
	size_t i;

	if (!p->table || lo >= hi)
		return;
	if (((hi - lo - 1) >> CELL_SHIFT) + 1 >= p->nslots) {
		for (i = 0; i < p->nslots; i++)
			while (p->table[i].obj && p->table[i].obj - lo < hi - lo &&
			       fn(p, i, arg))
				;
	} else {
		uintptr_t c, last = (hi - 1) >> CELL_SHIFT;

		for (c = lo >> CELL_SHIFT; c <= last; c++) {
			i = home(p, c << CELL_SHIFT);
			while (p->table[i].obj) {
				uintptr_t o = p->table[i].obj;

				if ((o >> CELL_SHIFT) == c && o - lo < hi - lo && fn(p, i, arg))
					continue;
				i = (i + 1) & (p->nslots - 1);
			}
		}
	}
}

int pool_forget_one(struct ksan_pool *p, size_t i, void *arg)
{
	remove_slot(p, i);
	return 1;
}

/* ---- the quarantine --------------------------------------------------- */

int pool_q_push(struct ksan_pool *p, uintptr_t obj, size_t bytes, uint32_t seq)
{
	if (p->qlen == p->qcap) {
		size_t i, want = p->qcap ? 2 * p->qcap : 64;
		struct qent *q = ksan_port_map(want * sizeof(*q));

		if (!q)
			return -1;
		for (i = 0; i < p->qlen; i++)
			q[i] = p->q[(p->qhead + i) & (p->qcap - 1)];
		if (p->q)
			ksan_port_unmap(p->q, p->qcap * sizeof(*q));
		p->q = q;
		p->qcap = want;
		p->qhead = 0;
	}
	p->q[(p->qhead + p->qlen++) & (p->qcap - 1)] = (struct qent){ obj, bytes, seq };
	p->qbytes += bytes;
	return 0;
}

/*
 * Take the oldest quarantined objects out while the quarantine holds more
 * than limit bytes, at most max of them, into out: their records say
 * "freed" from now on (the shadow stays poisoned until they are handed out
 * again).  An entry whose object was handed out meanwhile (an allocator
 * that did not wait for the release) or forgotten is dropped silently.
 */
size_t pool_q_evict(struct ksan_pool *p, size_t limit, uintptr_t *out, size_t max)
{
	size_t n = 0;

	while (p->qlen && p->qbytes > limit && n < max) {
		struct qent e = p->q[p->qhead];
		struct rec *r;

		p->qhead = (p->qhead + 1) & (p->qcap - 1);
		p->qlen--;
		p->qbytes -= e.bytes;
		r = pool_find_rec(p, e.obj);
		if (r && r->state == REC_QUARANTINED && r->seq == e.seq) {
			r->state = REC_FREED;
			out[n++] = e.obj;
		}
	}
	return n;
}

size_t pool_quarantine_limit(void)
{
	return core_opt.pool_quarantine_size;
}
