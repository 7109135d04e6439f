/*
 * This file contains KFENCE's internal interface: the sampled guard-page
 * allocator the ports' malloc families call first, the fault hook their
 * SIGSEGV handlers call, and what core.c shares with report.c.
 * Freestanding: only compiler headers, port.h and core.h.
 */
#ifndef KSAN_KFENCE_H
#define KSAN_KFENCE_H

#include "../core/core.h"

/*
 * The sampling counter: every allocation decrements it and only the one
 * that sees it reach zero goes to kfence_alloc_slow(), which reloads it.
 * Plain relaxed load and store, no read-modify-write: a decrement lost to a
 * race only delays the next sample.  It stays huge while KFENCE is off;
 * it starts at 0, so a port's first allocation can start the runtime.
 */
extern long kfence_countdown CORE_HIDDEN;

/* Set up the pool from core_opt; 0 when KFENCE is on.  cache: the name
 * reports give the pool ("malloc" under LD_PRELOAD, NULL = kmalloc-N). */
int kfence_init(const char *cache);
void *kfence_alloc_slow(size_t size, size_t align, uintptr_t entry,
			uintptr_t pc, uintptr_t fp);
/* The sampling test alone: 1 = not sampled (allocate as usual), 0 = call
 * kfence_alloc_slow().  A load, a store and a branch. */
static inline int kfence_skip(void)
{
	long c = __atomic_load_n(&kfence_countdown, __ATOMIC_RELAXED) - 1;

	__atomic_store_n(&kfence_countdown, c, __ATOMIC_RELAXED);
	return likely(c > 0);
}
/* A KFENCE object for size bytes, or NULL (not sampled, or no room): the
 * caller then allocates as usual.  entry/pc/fp as in struct kasan_caller. */
static inline void *kfence_alloc(size_t size, size_t align, uintptr_t entry,
				 uintptr_t pc, uintptr_t fp)
{
	if (kfence_skip())
		return 0;
	return kfence_alloc_slow(size, align, entry, pc, fp);
}

extern uintptr_t kfence_pool_start CORE_HIDDEN, kfence_pool_size CORE_HIDDEN;
/* 1 if p is in the pool (an object, a guard page, or a wild pointer). */
static inline int is_kfence_address(const void *p)
{
	return (uintptr_t)p - kfence_pool_start < kfence_pool_size;
}
/* Free a pool address (reports an invalid or double free). */
void kfence_free(void *p, uintptr_t entry, uintptr_t pc, uintptr_t fp);
/* Requested size of the live object at exactly p, else 0. */
size_t kfence_ksize(const void *p);
/* Requested size for realloc; (size_t)-1 after an invalid-free report. */
size_t kfence_realloc_size(void *p, uintptr_t entry, uintptr_t pc, uintptr_t fp);
/* A fault at addr by an access of size bytes (0: unknown): 1 if it was in
 * the pool (reported, and the page made accessible so the access can be
 * retried), 0 if not KFENCE's. */
int kfence_handle_fault(uintptr_t addr, int write, size_t size, uintptr_t pc, uintptr_t fp);
/* Fork protocol: the pool lock across fork(). */
void kfence_fork_prepare(void);
void kfence_fork_parent(void);
void kfence_fork_child(void);
/* kfence_stats=1: the statistics, at exit. */
void kfence_print_stats(void);

/* ---- core.c <-> report.c ---------------------------------------------- */
enum kfence_state { KFENCE_UNUSED, KFENCE_ALLOCATED, KFENCE_FREED };
enum kfence_error {
	KFENCE_ERROR_OOB, KFENCE_ERROR_UAF, KFENCE_ERROR_CORRUPTION,
	KFENCE_ERROR_INVALID, KFENCE_ERROR_INVALID_FREE
};
struct kfence_meta {
	/* all fields guarded by kfence_lock */
	uintptr_t addr;			/* object start */
	size_t size;			/* requested size */
	uintptr_t unprotected_page;	/* made accessible by a fault, 0 if none */
	depot_handle_t alloc_stack, free_stack;
	uint32_t alloc_tid, free_tid;
	uint32_t index;			/* kfence-#index */
	uint8_t state;			/* enum kfence_state */
	uint8_t leak_ignored;		/* never a leak (KASAN's leak detector) */
	struct kfence_meta *next;	/* freelist (LRU: freed go to the tail) */
};
/* The object (allocated or freed) whose page holds addr: 1 and a copy of
 * its record (taken under the lock), or 0 (a guard page, an unused slot,
 * not the pool).  Others see it through the heap registry (core.h). */
int kfence_find_object(uintptr_t addr, struct kfence_meta *copy);
/* A copy taken under the lock, for a report made without it. */
/* entry != 0: a free (entry is free's own address, pc/fp its caller's);
 * entry == 0: a fault at instruction pc with frame pointer fp. */
void kfence_report(enum kfence_error type, uintptr_t addr, int write, size_t size,
		   const struct kfence_meta *m, uintptr_t entry, uintptr_t pc,
		   uintptr_t fp, const uint8_t *bytes, size_t nbytes);
const char *kfence_cache_name(const struct kfence_meta *m, char *buf, size_t len);
/* Canary byte for address a: 0xaa xor the address's low bits, as the
 * kernel's, so a shifted copy of the pattern does not look intact. */
static inline uint8_t kfence_canary(uintptr_t a)
{
	return (uint8_t)(0xaa ^ (a & 7));
}

#endif /* KSAN_KFENCE_H */
