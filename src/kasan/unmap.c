/*
 * This file contains KASAN's unmap quarantine: address ranges the program
 * unmaps (munmap, the old range of a moving or shrinking mremap) and large
 * heap objects the heap gives back to the system stay reserved and
 * inaccessible (ksan_port_reserve) for a while instead of being released, so
 * that a stale pointer into them faults instead of landing in the next
 * mapping the system places there (the user-space shape of a missing TLB
 * flush).  The fault is reported as "use-after-unmap" with the stacks kept
 * here: the mapping's (mmap, or malloc for a heap object) and the
 * unmapping's (munmap, mremap, free).
 *
 * The quarantine is a FIFO ring bounded by unmap_quarantine_mb (at most a
 * quarter of the address-space limit the port gives) and by UNMAP_MAX
 * ranges; the oldest range is released first.  A mapping the program makes
 * over a quarantined range with MAP_FIXED takes that part over silently (it
 * asked for the address): the part is forgotten here.  When the system is
 * out of address space (ulimit -v) the port flushes the quarantine and
 * retries the program's call.  The program's live mappings are kept too,
 * with their mmap stacks (at most LIVE_MAX: a mapping beyond has none).
 * Both tables are scanned linearly: they are bounded, and a scan reads at
 * most UNMAP_MAX entries.  unmap_lock guards everything here; the port's
 * mapping calls are made with it held (they take no ksan lock).
 */
#include "kasan.h"

#define UNMAP_MAX 4096		/* quarantined ranges, a power of two */
#define LIVE_MAX 4096		/* live mappings with a known stack */

struct live {
	uintptr_t lo, hi;
	uint32_t stack, tid;
};

static ksan_lock_t unmap_lock;
static struct kasan_unmap_rec *q;	/* ring of UNMAP_MAX; lo == hi: dropped */
static size_t qhead, qlen, qbytes;
static struct live *live;		/* LIVE_MAX, nlive used */
static size_t nlive;
static size_t limit;			/* bytes; 0: the quarantine is off */
static int state;			/* 0 not set up, 1 on, -1 off */

/* The bound: unmap_quarantine_mb, at most a quarter of as_limit (the
 * address-space limit, 0 = none).  Called by the port at start-up. */
void kasan_unmap_init(size_t as_limit)
{
	size_t l = (size_t)core_opt.unmap_quarantine_mb << 20;

	if (as_limit && l > as_limit / 4)
		l = as_limit / 4;
	limit = l;
	core_fork_add_lock(&unmap_lock, CORE_FORK_LEAF);
}

/* unmap_lock held: the tables exist and the quarantine is on. */
static int ready(void)
{
	if (likely(state))
		return state > 0;
	state = -1;
	if (!limit)
		return 0;
	q = ksan_port_map(UNMAP_MAX * sizeof(*q));
	live = ksan_port_map(LIVE_MAX * sizeof(*live));
	if (q && live)
		state = 1;
	return state > 0;
}

static struct kasan_unmap_rec *at(size_t i)
{
	return &q[(qhead + i) & (UNMAP_MAX - 1)];
}

static void release_oldest(void)
{
	struct kasan_unmap_rec *e = at(0);

	if (e->hi > e->lo) {
		ksan_port_unmap((void *)e->lo, e->hi - e->lo);
		qbytes -= e->hi - e->lo;
	}
	qhead = (qhead + 1) & (UNMAP_MAX - 1);
	qlen--;
}

/* Room for size more bytes and one more range, releasing the oldest. */
static void make_room(size_t size)
{
	while (qlen && (qlen == UNMAP_MAX || qbytes + size > limit))
		release_oldest();
}

/* Forget the quarantined parts of [lo, hi): the caller reserves or maps
 * over them (give_back: release them first, for a mapping that must find
 * the range free).  An entry's parts outside stay quarantined; an entry
 * that holds [lo, hi) strictly inside keeps its left part and gives its
 * right part back (one entry per range). */
static void drop_quarantined(uintptr_t lo, uintptr_t hi, int give_back)
{
	size_t i;

	for (i = 0; i < qlen; i++) {
		struct kasan_unmap_rec *e = at(i);
		uintptr_t a, b;

		if (e->hi <= lo || e->lo >= hi)
			continue;
		a = e->lo > lo ? e->lo : lo;
		b = e->hi < hi ? e->hi : hi;
		if (give_back)
			ksan_port_unmap((void *)a, b - a);
		if (e->lo >= lo && e->hi <= hi) {
			qbytes -= e->hi - e->lo;
			e->lo = e->hi = 0;
		} else if (e->lo < lo && e->hi > hi) {
			ksan_port_unmap((void *)hi, e->hi - hi);
			qbytes -= e->hi - lo;
			e->hi = lo;
		} else if (e->lo < lo) {
			qbytes -= e->hi - lo;
			e->hi = lo;
		} else {
			qbytes -= hi - e->lo;
			e->lo = hi;
		}
	}
}

/* Forget the live mappings' parts in [lo, hi); the stack of the first
 * one met goes to *stack, *tid (left alone if none). */
static void drop_live(uintptr_t lo, uintptr_t hi, uint32_t *stack, uint32_t *tid)
{
	size_t i;

	for (i = 0; i < nlive;) {
		struct live *m = &live[i];

		if (m->hi <= lo || m->lo >= hi) {
			i++;
			continue;
		}
		if (stack && !*stack) {
			*stack = m->stack;
			*tid = m->tid;
		}
		if (m->lo < lo && m->hi > hi) {
			/* a hole in the middle: the mapping is two now */
			if (nlive < LIVE_MAX)
				live[nlive++] = (struct live){ hi, m->hi, m->stack, m->tid };
			m->hi = lo;
		} else if (m->lo < lo) {
			m->hi = lo;
		} else if (m->hi > hi) {
			m->lo = hi;
		} else {
			*m = live[--nlive];
			continue;
		}
		i++;
	}
}

static void push(const struct kasan_unmap_rec *r)
{
	make_room(r->hi - r->lo);
	*at(qlen++) = *r;
	qbytes += r->hi - r->lo;
}

void kasan_unmap_mapped(uintptr_t lo, size_t len, uint32_t stack, uint32_t tid)
{
	uintptr_t hi = lo + ROUND_UP(len, 4096);

	ksan_port_lock(&unmap_lock);
	if (ready()) {
		drop_live(lo, hi, 0, 0);
		if (nlive < LIVE_MAX)
			live[nlive++] = (struct live){ lo, hi, stack, tid };
	}
	ksan_port_unlock(&unmap_lock);
}

void kasan_unmap_takeover(uintptr_t lo, size_t len, int give_back)
{
	uintptr_t hi = lo + ROUND_UP(len, 4096);

	ksan_port_lock(&unmap_lock);
	if (ready()) {
		drop_quarantined(lo, hi, give_back);
	}
	ksan_port_unlock(&unmap_lock);
}

/*
 * The program unmaps [lo, lo + len) (reserved: the port has reserved it
 * already, the system having unmapped it).  Returns 0 when the range is
 * quarantined (reserved inaccessible), -1 when the caller must release it
 * (the quarantine is off, or the range is larger than the whole bound).
 */
int kasan_unmap_unmapped(uintptr_t lo, size_t len, uint32_t stack, uint32_t tid,
			 int reserved)
{
	struct kasan_unmap_rec r;
	int ret = -1;

	core_memset(&r, 0, sizeof(r));
	r.lo = lo;
	r.hi = lo + ROUND_UP(len, 4096);
	r.unmap_stack = stack;
	r.unmap_tid = tid;
	ksan_port_lock(&unmap_lock);
	if (ready()) {
		drop_live(r.lo, r.hi, &r.map_stack, &r.map_tid);
		/* a range unmapped twice: the newer record stands */
		drop_quarantined(r.lo, r.hi, 0);
		if (r.hi - r.lo <= limit &&
		    (reserved || !ksan_port_reserve((void *)r.lo, r.hi - r.lo))) {
			push(&r);
			ret = 0;
		}
	}
	ksan_port_unlock(&unmap_lock);
	return ret;
}

/* The stack of the live mapping holding addr (0 if none known). */
uint32_t kasan_unmap_stack_of(uintptr_t addr, uint32_t *tid)
{
	uint32_t stack = 0;
	size_t i;

	*tid = 0;
	ksan_port_lock(&unmap_lock);
	for (i = 0; ready() && i < nlive; i++)
		if (addr >= live[i].lo && addr < live[i].hi) {
			stack = live[i].stack;
			*tid = live[i].tid;
			break;
		}
	ksan_port_unlock(&unmap_lock);
	return stack;
}

/* Windows of a shadow page's memory looked at when a heap range comes in:
 * the newest quarantined ranges only (a heap range's neighbours in address
 * are nearly always its neighbours in time), so a free scans few. */
#define EDGE_SCAN 256
#define SHADOW_PAGE 4096UL

/* unmap_lock held: [lo, hi) lies wholly in quarantined heap ranges (their
 * shadow is all zero: large_release wrote it so). */
static int heap_covered(uintptr_t lo, uintptr_t hi)
{
	size_t n = qlen < EDGE_SCAN ? qlen : EDGE_SCAN, i;

	while (lo < hi) {
		for (i = 0; i < n; i++) {
			const struct kasan_unmap_rec *e = at(qlen - 1 - i);

			if (e->obj && lo >= e->lo && lo < e->hi)
				break;
		}
		if (i == n)
			return 0;
		lo = at(qlen - 1 - i)->hi;
	}
	return 1;
}

/* unmap_lock held, the heap range holding a (at an edge) just quarantined.
 * large_release wrote the shadow page shared with a neighbour instead of
 * discarding it; once every byte of memory that page describes is in
 * quarantined heap ranges, the page is all zero and nothing can map there
 * while the lock is held: discard it, or each range the system places at
 * a fresh address (the quarantine keeps the old ones) keeps two more
 * resident shadow pages (issue 31: 12 MB on SQLite's speedtest1). */
static void discard_edge(uintptr_t a)
{
	uintptr_t s = ROUND_DOWN((uintptr_t)kasan_shadow(a), SHADOW_PAGE);
	uintptr_t lo = kasan_shadow_to_mem((const int8_t *)s);

	if (heap_covered(lo, lo + (SHADOW_PAGE << KASAN_GRANULE_SHIFT)))
		ksan_port_discard((void *)s, SHADOW_PAGE);
}

/* The heap gives a large object's mapping [base, base + size) back. */
void kasan_unmap_heap(uintptr_t base, size_t size, const struct kasan_unmap_rec *obj)
{
	struct kasan_unmap_rec r = *obj;

	r.lo = base;
	r.hi = base + size;
	ksan_port_lock(&unmap_lock);
	if (ready() && size <= limit && !ksan_port_reserve((void *)base, size)) {
		push(&r);
		discard_edge(base);
		discard_edge(base + size - 1);
		size = 0;
	}
	ksan_port_unlock(&unmap_lock);
	if (size)
		ksan_port_unmap((void *)base, size);
}

/* Out of address space: release every quarantined range.  Returns 1 if
 * there was one. */
int kasan_unmap_flush(void)
{
	int any;

	ksan_port_lock(&unmap_lock);
	any = state > 0 && qbytes;
	while (state > 0 && qlen)
		release_oldest();
	ksan_port_unlock(&unmap_lock);
	return any;
}

/* The quarantined range holding addr, newest first. */
int kasan_unmap_find(uintptr_t addr, struct kasan_unmap_rec *r)
{
	size_t i;
	int found = 0;

	ksan_port_lock(&unmap_lock);
	for (i = state > 0 ? qlen : 0; i-- > 0;) {
		const struct kasan_unmap_rec *e = at(i);

		if (addr >= e->lo && addr < e->hi) {
			*r = *e;
			found = 1;
			break;
		}
	}
	ksan_port_unlock(&unmap_lock);
	return found;
}
