/*
 * This file contains what the checked pools' files share: the pool and its
 * records (pool.c: the pools and ksan.h's calls; pool_table.c: the record
 * table and the quarantine; pool_find.c: what the heap and the reports ask
 * of the pools).  See pool.c for the design and the locks.
 */
#ifndef KSAN_KASAN_POOL_H
#define KSAN_KASAN_POOL_H

#include "kasan.h"

#define API __attribute__((visibility("default"), noinline))
#define CELL_SHIFT 4
#define MIN_SLOTS 256
/* How far a report looks for the nearest object of a pool (as the heap). */
#define NEAREST_WINDOW 4096
#define RELEASE_BATCH 32

enum { REC_LIVE = 1, REC_FREED = 2, REC_QUARANTINED = 3 };

struct rec {
	uintptr_t obj;		/* object start; 0: an empty slot */
	size_t size;		/* as handed out */
	uint32_t alloc_stack, alloc_tid;
	uint32_t free_stack, free_tid;
	uint32_t seq;		/* this pool's count of allocs and frees at the
				 * last one of this object: the newest wins */
	uint32_t state;		/* REC_* (FREED: freed, or released) */
};

struct qent {			/* one quarantined object */
	uintptr_t obj;
	size_t bytes;		/* charged against pool_quarantine_size */
	uint32_t seq;		/* its record's seq when it was freed */
};

struct range {
	uintptr_t lo, hi;
};

#define ENSURED 4

struct ksan_pool {
	ksan_lock_t lock;
	struct ksan_pool *next;		/* kasan_pool_list or free_pools; kasan_pools_lock */
	char name[64];			/* set by create, read by reports */
	size_t object_size;		/* 0: any size */
	const struct ksan_type *type;	/* its objects' type (types.c), or NULL */
	ksan_pool_release_fn release;
	void *arg;
	/* the rest is guarded by lock */
	int off;			/* out of memory for records: no checks */
	struct rec *table;
	size_t nslots, nrecs;
	uint32_t seq;
	struct qent *q;			/* ring of qcap entries */
	size_t qcap, qhead, qlen, qbytes;
	/* every object and added range lies in [lo, hi) (lo = hi: none yet);
	 * written under lock, read by kasan_pool_forget_range without it */
	uintptr_t lo, hi;
	size_t max_size;		/* largest slot handed out */
	struct range *mem;		/* ranges given by ksan_pool_add_memory */
	size_t nmem, memcap;
	struct range ensured[ENSURED];	/* shadow known to exist (not heap) */
	unsigned ensured_next;
	int pcpu;			/* one CPU's copies (percpu.c): CPU + 1 */
	size_t pcpu_stride;		/* from one CPU's copy to the next one's */
};

/* pool.c's list of pools (guarded by kasan_pools_lock), and the span
 * [kasan_pools_lo, kasan_pools_hi) every live pool's memory lies in
 * (grows only; read without the lock) */
extern ksan_lock_t kasan_pools_lock CORE_HIDDEN;
extern struct ksan_pool *kasan_pool_list CORE_HIDDEN;
extern uintptr_t kasan_pools_lo CORE_HIDDEN, kasan_pools_hi CORE_HIDDEN;

/* ---- pool_table.c: the records (p->lock held) and the quarantine ----- */
struct rec *pool_slot_of(struct ksan_pool *p, uintptr_t obj);
struct rec *pool_find_rec(struct ksan_pool *p, uintptr_t obj);
int pool_make_room(struct ksan_pool *p);
void pool_turn_off(struct ksan_pool *p);
size_t pool_slot_size(const struct ksan_pool *p, size_t size);
void pool_widen(struct ksan_pool *p, uintptr_t lo, uintptr_t hi);
void pool_for_each_in(struct ksan_pool *p, uintptr_t lo, uintptr_t hi,
		      int (*fn)(struct ksan_pool *p, size_t i, void *arg), void *arg);
int pool_forget_one(struct ksan_pool *p, size_t i, void *arg);
int pool_q_push(struct ksan_pool *p, uintptr_t obj, size_t bytes, uint32_t seq);
size_t pool_q_evict(struct ksan_pool *p, size_t limit, uintptr_t *out, size_t max);
size_t pool_quarantine_limit(void);

/* ---- pool_find.c ------------------------------------------------------ */
void pool_fill_object(const struct ksan_pool *p, const struct rec *r, struct kasan_object *o);

#endif /* KSAN_KASAN_POOL_H */
