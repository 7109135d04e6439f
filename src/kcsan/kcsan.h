/*
 * This file contains KCSAN's internal interface: soft watchpoints for data
 * races, as the kernel's kernel/kcsan.  Freestanding: core.h and port.h only.
 *
 * How it works (reference/kernel-sanitizers.md section 8):
 *  - every instrumented access (__tsan_* entry points, abi.c) first looks for
 *    a live watchpoint that conflicts with it (same bytes, at least one side
 *    a write) in its slot and the two neighbours; a conflicting one is
 *    consumed (cmpxchg to KCSAN_WP_CONSUMED) and this thread's side of the
 *    race is handed to the watcher through kcsan_other[slot];
 *  - otherwise a per-thread countdown (kcsan_ctx.skip) picks one plain access
 *    in about kcsan_skip_watch to become a watchpoint: its value is read, the
 *    thread stalls up to kcsan_udelay microseconds, the value is read again,
 *    and the watchpoint is removed.  Consumed: a race with a known other
 *    side.  Not consumed but the value changed: a race of unknown origin.
 *  - marked accesses (atomics, aligned volatile <= 8 bytes and, unless
 *    kcsan_strict, aligned plain writes <= 8 bytes that are not read-modify-
 *    write) only look for watchpoints: they never set one up and do not
 *    count down, so two marked accesses never race.
 *
 * Layering: abi.c (compiler entry points) -> core.c (watchpoints, sampling,
 * counters) -> report.c (filters, rate limit, layouts) -> core report engine.
 */
#ifndef KSAN_KCSAN_H
#define KSAN_KCSAN_H

#include "core/core.h"

/* ---- access types: the kernel's KCSAN_ACCESS_* bits -------------------- */
#define KCSAN_ACCESS_READ 0		/* nothing set: a plain read */
#define KCSAN_ACCESS_WRITE 0x1
#define KCSAN_ACCESS_COMPOUND 0x2	/* read-modify-write (x++, atomic RMW) */
#define KCSAN_ACCESS_ATOMIC 0x4		/* marked: atomics, aligned volatile */
#define KCSAN_ACCESS_ASSERT 0x8		/* KSAN_ASSERT_EXCLUSIVE_*: never atomic */
/* ksan.h's KSAN_KCSAN_* values are these (asserted in api.c) */

/* ---- watchpoints -------------------------------------------------------- */
#define KCSAN_NWATCH 64			/* CONFIG_KCSAN_NUM_WATCHPOINTS */
#define KCSAN_SLOT_SHIFT 12		/* one slot per 4 KiB page of address */
#define KCSAN_NSLOTS 3			/* own slot and both neighbours */
/*
 * One long per watchpoint: bit 63 = write, bits 48..62 = size in bytes,
 * bits 0..47 = address (higher bits dropped: a collision is filtered when
 * the full addresses are compared before a report).  0 = free, 1 = consumed.
 * The array has KCSAN_NWATCH + KCSAN_NSLOTS - 1 entries, so the slots of
 * address a are kcsan_watchpoints[s], [s + 1], [s + 2] with
 * s = (a >> KCSAN_SLOT_SHIFT) % KCSAN_NWATCH; a watchpoint is inserted at
 * [s + 1] first, else at a free neighbour.
 */
#define KCSAN_WP_INVALID 0L
#define KCSAN_WP_CONSUMED 1L
#define KCSAN_WP_WRITE (1UL << 63)
#define KCSAN_WP_SIZE_SHIFT 48
#define KCSAN_WP_SIZE_BITS 15
#define KCSAN_WP_ADDR_MASK ((1UL << KCSAN_WP_SIZE_SHIFT) - 1)
#define KCSAN_MAX_WATCH_SIZE 8192	/* larger accesses only check (as the kernel's 2 pages) */
extern long kcsan_watchpoints[KCSAN_NWATCH + KCSAN_NSLOTS - 1] CORE_HIDDEN;
/* Live watchpoints (setting up or stalled): accesses over more than
 * KCSAN_NEAR_MAX bytes look at the array only when this is not 0. */
extern int kcsan_nactive CORE_HIDDEN;
/*
 * kcsan_near[l]: live watchpoints on or just after the 64-byte lines whose
 * number is l modulo KCSAN_NEAR_LINES.  A watchpoint on [p, p + s) counts
 * in the lines of (p >> 6) - 1 to (p + s - 1) >> 6: an access of at most
 * KCSAN_NEAR_MAX bytes spans two lines at most, so if it shares a byte
 * with the watchpoint, the count of its first line is not 0.  The fast
 * path of every access is one load of that count: nothing else while no
 * watchpoint is near it, whatever other threads watch elsewhere (the
 * kernel checks only the slots an address hashes to; this is finer, so
 * threads working on their own data do not scan each other's slots).
 * clang's inline fast path (tools/ksan-opt/KcsanInline.cpp) reads it, and
 * kcsan_tls.skip, from the executable's instrumented code.
 */
#define KCSAN_NEAR_SHIFT 6
#define KCSAN_NEAR_LINES 4096
#define KCSAN_NEAR_MAX 64
extern unsigned char kcsan_near[KCSAN_NEAR_LINES] CORE_HIDDEN;

/* ---- per-thread context ------------------------------------------------- */
struct kcsan_ctx {
	long skip;		/* accesses left before the next watched one */
	int disable_count;	/* KSAN_DATA_RACE / ksan_kcsan_disable_current nesting */
	int atomic_next;	/* the next N accesses are marked (EXCLUSIVE_BITS) */
	long saved_skip;	/* skip while atomic_next forces the slow path */
	uint64_t access_mask;	/* EXCLUSIVE_BITS: only these bits must not change */
	uint64_t rng;		/* xorshift state, 0 = not seeded */
	int watching;		/* slot index + 1 while this thread stalls on it */
	int own_hit;		/* a signal handler on this thread touched it */
	int in_runtime;		/* >0: inside the runtime (signal handlers skip checks) */
};
_Static_assert(sizeof(struct kcsan_ctx) <= sizeof(((struct core_thread *)0)->kcsan),
	       "kcsan_ctx fits core_thread's space");
/*
 * The current thread's context.  libksan-kcsan.a (KSAN_KCSAN_TLS) keeps it
 * in an initial-exec __thread variable: one load from the thread pointer on
 * every access.  The freestanding core (libksan_core.a, a kernel) keeps it
 * in core_thread (the port's per-thread slot; a kernel's per-CPU data).
 */
#ifdef KSAN_KCSAN_TLS
extern __thread struct kcsan_ctx kcsan_tls __attribute__((tls_model("initial-exec"))) CORE_HIDDEN;
static inline struct kcsan_ctx *kcsan_ctx(void)
{
	return &kcsan_tls;
}
#else
static inline struct kcsan_ctx *kcsan_ctx(void)
{
	return (struct kcsan_ctx *)(void *)core_thread_get()->kcsan;
}
#endif

/* ---- checks (core.c) ---------------------------------------------------- */
/* Slow paths, out of line: ip is the instrumented access's return address
 * (its first frame), fp the entry point's frame (stacks start there). */
/* A live watchpoint exists: look for one this access conflicts with and
 * consume it.  Returns 1 if one matched (the access is then not watched). */
int kcsan_check_watchpoints(uintptr_t ptr, size_t size, int type, uintptr_t ip,
			    uintptr_t fp) CORE_HIDDEN;
/* The countdown ran out (or atomic_next forced this): set up a watchpoint
 * on this access if it may be watched, and reset the countdown; an access
 * that may not be (a plain write assumed atomic, a disabled context) sets
 * skip to 0 instead, so the next access comes here again. */
void kcsan_slow(uintptr_t ptr, size_t size, int type, uintptr_t ip, uintptr_t fp) CORE_HIDDEN;
/* 0 until kcsan_init() ran: accesses before it are not checked. */
extern int kcsan_enabled CORE_HIDDEN;

/* A live watchpoint may conflict with [ptr, ptr + size): the slow check
 * must look (size is a constant in the entry points but the ranges). */
static inline __attribute__((always_inline)) int kcsan_maybe_watched(uintptr_t ptr, size_t size)
{
	if (unlikely(size > KCSAN_NEAR_MAX))
		return __atomic_load_n(&kcsan_nactive, __ATOMIC_RELAXED) != 0;
	return __atomic_load_n(&kcsan_near[(ptr >> KCSAN_NEAR_SHIFT) % KCSAN_NEAR_LINES],
			       __ATOMIC_RELAXED) != 0;
}

/*
 * Every access: the fast path, inlined into each entry point.  A marked
 * access (KCSAN_ACCESS_ATOMIC) only looks for watchpoints.
 */
static inline __attribute__((always_inline)) void
kcsan_check(uintptr_t ptr, size_t size, int type, uintptr_t ip, uintptr_t fp)
{
	struct kcsan_ctx *ctx;

	if (unlikely(kcsan_maybe_watched(ptr, size)) &&
	    kcsan_check_watchpoints(ptr, size, type, ip, fp))
		return;
	if (type & KCSAN_ACCESS_ATOMIC)	/* constant in every entry point */
		return;
	ctx = kcsan_ctx();
	if (likely(--ctx->skip >= 0))
		return;
	kcsan_slow(ptr, size, type, ip, fp);
}

/* ---- start-up and the port ---------------------------------------------- */
/* After the options are parsed: reads the kcsan_* options, enables checks. */
void kcsan_init(void);
/* 1 while the process has one thread and no signal watching: a watchpoint
 * would wait for nobody, so none is set up.  0 (stall always) unless the
 * port says so: the Linux port sets it at start-up, clears it at the first
 * pthread_create and sets it again in a fork child. */
extern int kcsan_single_threaded CORE_HIDDEN;
/* The child of fork(): no other thread is watching or consuming. */
void kcsan_fork_child(void);
/* kcsan_stats=1: the counters, printed by the port at exit. */
void kcsan_print_stats(void);

/* ---- counters (the kernel's debugfs file) -------------------------------- */
enum kcsan_counter {
	KCSAN_COUNTER_USED_WATCHPOINTS,	/* live now */
	KCSAN_COUNTER_SETUP_WATCHPOINTS,
	KCSAN_COUNTER_DATA_RACES,
	KCSAN_COUNTER_ASSERT_FAILURES,
	KCSAN_COUNTER_NO_CAPACITY,
	KCSAN_COUNTER_REPORT_RACES,	/* consumer lost the cmpxchg to another */
	KCSAN_COUNTER_RACES_UNKNOWN_ORIGIN,
	KCSAN_COUNTER_UNENCODABLE_ACCESSES,
	KCSAN_COUNTER_ENCODING_FALSE_POSITIVES,
	KCSAN_COUNTER_WATCHPOINT_CHECKS,	/* accesses that took the slow check (not the kernel's) */
	KCSAN_COUNTER_COUNT
};
extern long kcsan_counters[KCSAN_COUNTER_COUNT] CORE_HIDDEN;
static inline void kcsan_count(enum kcsan_counter c, long n)
{
	__atomic_fetch_add(&kcsan_counters[c], n, __ATOMIC_RELAXED);
}

/* ---- reports (report.c) --------------------------------------------------- */
/* One side of a race. */
struct kcsan_access {
	uintptr_t ptr;		/* full address (not the watchpoint's encoding) */
	size_t size;
	int type;		/* KCSAN_ACCESS_* */
	uintptr_t ip;		/* return address into the instrumented function */
	depot_handle_t stack;	/* from ip outward; 0 if none could be saved */
	uint32_t tid;		/* ksan_port_thread_id() */
	int cpu;		/* ksan_port_cpu_id(), -1 if unknown */
	int interrupt;		/* a signal handler that interrupted the watcher */
};
/* The value under the watchpoint (sizes 1, 2, 4, 8 only). */
struct kcsan_value {
	int known;		/* old/new were read */
	uint64_t old, new;
	uint64_t mask;		/* EXCLUSIVE_BITS' mask, 0 = all bits */
};
/*
 * Known origin: watcher set up the watchpoint and stalled, other consumed it
 * (printed first, as the kernel does).  Unknown origin: the value changed
 * under the watchpoint and nobody consumed it.  Core.c has already applied
 * the kernel's value-change filter; report.c applies the rate limit
 * (kcsan_report_once_ms per pair of top frames), the callback and
 * halt_on_error, and prints report_format's layout.
 */
void kcsan_report_known(const struct kcsan_access *watcher,
			const struct kcsan_access *other,
			const struct kcsan_value *v) CORE_HIDDEN;
void kcsan_report_unknown(const struct kcsan_access *watcher,
			  const struct kcsan_value *v) CORE_HIDDEN;

#endif /* KSAN_KCSAN_H */
