/*
 * This file contains the stack depot: every distinct stack trace is stored
 * once and named by a 4-byte handle, so allocation and free stacks cost 4
 * bytes of object metadata each.  Records are never removed; memory is
 * bounded by DEPOT_MAX_POOLS, after which saving returns handle 0 (and says
 * so once).  Lookups are lock-free; inserts take depot_lock.
 */
#include "core.h"

#define POOL_SIZE (64u << 10)
#define POOL_SHIFT 13			/* offset/8 fits in 13 bits */
#define DEPOT_MAX_POOLS 2048		/* 128 MiB */
#define TABLE_BITS 18

struct record {
	uint32_t next;		/* handle of next record in bucket */
	uint32_t hash;
	uint32_t n;
	uint32_t pad;
	uintptr_t pcs[];
};

ksan_lock_t core_depot_lock;
static char *pools[DEPOT_MAX_POOLS];	/* guarded by depot_lock (writes) */
static uint32_t npools;			/* guarded by depot_lock */
static uint32_t pool_used;		/* bytes used in pools[npools-1] */
static uint32_t *table;			/* buckets: record handles */
static int full_warned;

/* Four independent multiply chains, so the CPU overlaps them: this runs on
 * every malloc and free. */
static uint32_t hash_pcs(const uintptr_t *pcs, size_t n)
{
	uint64_t a = 0x9747b28cull ^ n, b = 0x2545f4914f6cdd1dull,
		 c = 0x632be59bd9b4e019ull, d = 0x85ebca77c2b2ae63ull;
	size_t i;

	for (i = 0; i + 3 < n; i += 4) {
		a = (a ^ pcs[i]) * 0x9e3779b97f4a7c15ull;
		b = (b ^ pcs[i + 1]) * 0xc2b2ae3d27d4eb4full;
		c = (c ^ pcs[i + 2]) * 0x165667b19e3779f9ull;
		d = (d ^ pcs[i + 3]) * 0xd6e8feb86659fd93ull;
	}
	for (; i < n; i++)
		a = (a ^ pcs[i]) * 0x9e3779b97f4a7c15ull;
	a ^= (b << 31) | (b >> 33);
	a ^= (c << 17) | (c >> 47);
	a ^= (d << 47) | (d >> 17);
	a ^= a >> 29;
	a *= 0x165667b19e3779f9ull;
	return (uint32_t)(a ^ (a >> 32));
}

static struct record *record_of(uint32_t h)
{
	uint32_t pool = (h >> POOL_SHIFT) - 1;
	char *base = __atomic_load_n(&pools[pool], __ATOMIC_ACQUIRE);

	return (struct record *)(base + ((h & ((1u << POOL_SHIFT) - 1)) << 3));
}

/* Word compare without early exit: the common case is a match, all n words. */
static int same_pcs(const uintptr_t *a, const uintptr_t *b, size_t n)
{
	uintptr_t diff = 0;
	size_t i;

	for (i = 0; i < n; i++)
		diff |= a[i] ^ b[i];
	return !diff;
}

static uint32_t find(uint32_t head, uint32_t hash, const uintptr_t *pcs, size_t n)
{
	while (head) {
		struct record *r = record_of(head);

		if (r->hash == hash && r->n == n && same_pcs(r->pcs, pcs, n))
			return head;
		head = r->next;
	}
	return 0;
}

static int ensure_table(void)
{
	uint32_t *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);

	if (t)
		return 0;
	t = ksan_port_map(sizeof(uint32_t) << TABLE_BITS);
	if (!t)
		return -1;
	if (!__sync_bool_compare_and_swap(&table, (uint32_t *)0, t))
		ksan_port_unmap(t, sizeof(uint32_t) << TABLE_BITS);
	return 0;
}

/* insert = 0: only look the stack up (no lock taken), 0 if it is new. */
static depot_handle_t depot_save(const uintptr_t *pcs, size_t n, int insert)
{
	uint32_t hash, *bucket, h;
	size_t need;
	struct record *r;

	if (!n)
		return 0;
	if (n > DEPOT_MAX_FRAMES)
		n = DEPOT_MAX_FRAMES;
	if (ensure_table())
		return 0;
	hash = hash_pcs(pcs, n);
	bucket = &table[hash & ((1u << TABLE_BITS) - 1)];
	h = find(__atomic_load_n(bucket, __ATOMIC_ACQUIRE), hash, pcs, n);
	if (h || !insert)
		return h;

	need = sizeof(struct record) + n * sizeof(uintptr_t);
	ksan_port_lock(&core_depot_lock);
	h = find(*bucket, hash, pcs, n);
	if (h)
		goto out;
	if (!npools || pool_used + need > POOL_SIZE) {
		char *p = npools < DEPOT_MAX_POOLS ? ksan_port_map(POOL_SIZE) : 0;

		if (!p) {
			if (!full_warned++)
				core_printf("ksan: stack depot is full (%u KiB); new stacks are not saved\n",
					    (unsigned)(npools * (POOL_SIZE >> 10)));
			goto out;
		}
		__atomic_store_n(&pools[npools], p, __ATOMIC_RELEASE);
		npools++;
		pool_used = 0;
	}
	r = (struct record *)(pools[npools - 1] + pool_used);
	r->hash = hash;
	r->n = (uint32_t)n;
	core_memcpy(r->pcs, pcs, n * sizeof(*pcs));
	r->next = *bucket;
	h = (npools << POOL_SHIFT) | (pool_used >> 3);
	pool_used += (uint32_t)ROUND_UP(need, 8);
	__atomic_store_n(bucket, h, __ATOMIC_RELEASE);	/* pairs with find() */
out:
	ksan_port_unlock(&core_depot_lock);
	return h;
}

depot_handle_t core_depot_save(const uintptr_t *pcs, size_t n)
{
	return depot_save(pcs, n, 1);
}

/*
 * Programs allocate and free from a few hot call chains, and each capture
 * otherwise pays a full hash and a table walk.  The thread's cache maps a
 * cheap key (the first frames, the last one and the depth) to the handle
 * saved last under it; a hit still compares every frame with the record.
 */
depot_handle_t core_depot_save_cached(struct core_thread *t, const uintptr_t *pcs,
				      size_t n)
{
	uint32_t *slot, h;
	uint64_t key;

	if (!n)
		return 0;
	if (n > DEPOT_MAX_FRAMES)
		n = DEPOT_MAX_FRAMES;
	key = pcs[0] * 0x9e3779b97f4a7c15ull ^ pcs[n > 1] * 0xc2b2ae3d27d4eb4full ^
	      pcs[n > 2 ? 2 : 0] * 0x165667b19e3779f9ull ^
	      (pcs[n - 1] + n) * 0xd6e8feb86659fd93ull;
	slot = &t->depot_cache[key >> (64 - 7)];
	_Static_assert(CORE_DEPOT_CACHE == 1 << 7, "the key's top 7 bits index the cache");
	h = *slot;
	if (h) {
		const struct record *r = record_of(h);

		if (r->n == n && same_pcs(r->pcs, pcs, n))
			return h;
	}
	/*
	 * A signal handler running instrumented code (KMSAN chains origins
	 * in it) may interrupt this thread inside an insert, holding
	 * depot_lock: the nested save only looks up, and a new stack gets
	 * handle 0 ("not available") instead of a deadlock.
	 */
	if (t->in_depot)
		return depot_save(pcs, n, 0);
	t->in_depot = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);	/* before the lock */
	h = depot_save(pcs, n, 1);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);	/* after the unlock */
	t->in_depot = 0;
	*slot = h;
	return h;
}

size_t core_depot_fetch(depot_handle_t h, const uintptr_t **pcs)
{
	struct record *r;

	if (!h || (h >> POOL_SHIFT) - 1 >= DEPOT_MAX_POOLS ||
	    !__atomic_load_n(&pools[(h >> POOL_SHIFT) - 1], __ATOMIC_ACQUIRE))
		return 0;
	r = record_of(h);
	*pcs = r->pcs;
	return r->n;
}

depot_handle_t core_depot_capture(uintptr_t pc, uintptr_t fp, size_t max)
{
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t n;

	if (max > DEPOT_MAX_FRAMES)
		max = DEPOT_MAX_FRAMES;
	n = ksan_port_stack_trace(pcs, max, pc, fp);
	return core_depot_save(pcs, n);
}

size_t core_capture_stack(uintptr_t *pcs, size_t max, uintptr_t pc, uintptr_t fp,
			  uintptr_t entry)
{
	size_t n = 0;

	if (entry && max)
		pcs[n++] = entry;
	return n + ksan_port_stack_trace(pcs + n, max - n, pc, fp);
}

/*
 * The heap's captures come from a few places, each with a few call chains
 * above it.  The thread's memos (a set per place, CORE_MEMO_WAYS ways)
 * remember recent walks and their handles: a memo whose frame records are
 * unchanged (the port checks them without walking) gives its handle, with
 * no walk, hash or depot lookup.  Else the set's oldest way walks anew.
 */
depot_handle_t core_caller_stack(struct core_thread *t, const struct core_caller *c)
{
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t max = core_opt.malloc_context_size + 1, n;	/* and the entry point */
	uint64_t k = ((c->pc ^ (c->fp >> 4)) * 0x9e3779b97f4a7c15ull) ^
		     (c->entry * 0xc2b2ae3d27d4eb4full);
	uint32_t tag = (uint32_t)k;
	struct core_memo_set *ms;
	struct ksan_trace_memo *m;
	unsigned set, i, w;
	depot_handle_t h;

	if (c->stack)
		return c->stack;
	/* malloc_context_size=64 and an entry point make 65 */
	if (max > DEPOT_MAX_FRAMES)
		max = DEPOT_MAX_FRAMES;
	/* a signal handler's malloc nested in a memo's use walks */
	if (t->in_memo || !c->entry || !c->pc || max - 1 > KSAN_MEMO_FRAMES)
		return core_depot_save_cached(t, pcs,
					      core_capture_stack(pcs, max, c->pc, c->fp, c->entry));
	t->in_memo = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	set = (unsigned)(k >> (64 - CORE_MEMO_SET_BITS));
	ms = &t->memo_set[set];
	m = t->memo[set];
	/* the way that answered last first: a place's chains come in runs;
	 * the tag (entry, pc and fp hashed) saves reading the others */
	for (i = 0, w = ms->last; i < CORE_MEMO_WAYS; i++, w = (w + 1) % CORE_MEMO_WAYS)
		if (ms->tag[w] == tag && ms->handle[w] && t->memo_entry[set][w] == c->entry &&
		    ksan_port_memo_same(&m[w], c->pc, c->fp, max - 1)) {
			ms->last = (uint8_t)w;
			h = ms->handle[w];
			goto out;
		}
	w = ms->next++ % CORE_MEMO_WAYS;
	ms->last = (uint8_t)w;
	ms->handle[w] = 0;
	n = 1 + ksan_port_stack_trace_memo(pcs + 1, max - 1, c->pc, c->fp, &m[w]);
	pcs[0] = c->entry;
	h = core_depot_save_cached(t, pcs, n);
	ms->tag[w] = tag;
	t->memo_entry[set][w] = c->entry;
	ms->handle[w] = h;
out:
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->in_memo = 0;
	return h;
}

size_t core_depot_bytes(void)
{
	return (size_t)npools * POOL_SIZE;
}
