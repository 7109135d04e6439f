/*
 * This file contains KCSAN's detector: the soft watchpoints, the consumer
 * side that runs into another thread's watchpoint, the sampled setup of a
 * watchpoint with its stall and value comparison, the counters, start-up
 * and fork (kcsan.h explains the scheme; reference/kernel-sanitizers.md
 * section 8 the kernel's rules it follows).  Freestanding.
 *
 * Ownership of a watchpoint slot:
 *   0 (free) --watcher cmpxchg--> encoded --consumer cmpxchg--> CONSUMED
 *   encoded --watcher cmpxchg--> 0               (nobody ran into it)
 *   CONSUMED --watcher store, after taking the consumer's info--> 0
 * The consumer owns kcsan_other[slot] from its winning cmpxchg until it
 * publishes it (state OTHER_READY, release); the watcher then owns it.  A
 * watcher that waited too long marks it OTHER_GIVEN_UP instead, and the
 * consumer, finding that, frees the slot itself: a slot is never reused
 * while a late consumer could still write its info.
 */
#include "kcsan.h"

long kcsan_watchpoints[KCSAN_NWATCH + KCSAN_NSLOTS - 1];
int kcsan_nactive;
unsigned char kcsan_near[KCSAN_NEAR_LINES];
long kcsan_counters[KCSAN_COUNTER_COUNT];
int kcsan_enabled;
int kcsan_single_threaded;
#ifdef KSAN_KCSAN_TLS
__thread struct kcsan_ctx kcsan_tls __attribute__((tls_model("initial-exec")));
#endif

#define NWP (KCSAN_NWATCH + KCSAN_NSLOTS - 1)
#define PAGE (1UL << KCSAN_SLOT_SHIFT)
#define WAIT_OTHER_NS (5 * 1000 * 1000ULL)	/* bound on waiting for a consumer */

enum { OTHER_EMPTY, OTHER_READY, OTHER_GIVEN_UP };
struct kcsan_other {
	struct kcsan_access a;
	int state;
};
static struct kcsan_other kcsan_other[NWP];

/* the options, read once by kcsan_init */
static unsigned long opt_skip_watch, opt_udelay;
static int opt_strict, opt_interrupt_watcher, opt_unknown_origin;
static size_t opt_stack_depth = 30;

/* ---- encoding -------------------------------------------------------- */

static inline long wp_encode(uintptr_t addr, size_t size, int write)
{
	unsigned long v = ((unsigned long)size << KCSAN_WP_SIZE_SHIFT) |
			  (addr & KCSAN_WP_ADDR_MASK);

	return (long)(write ? v | KCSAN_WP_WRITE : v);
}

/* 0 for a free or consumed slot. */
static inline int wp_decode(long wp, uintptr_t *addr, size_t *size, int *write)
{
	unsigned long v = (unsigned long)wp;

	if (wp == KCSAN_WP_INVALID || wp == KCSAN_WP_CONSUMED)
		return 0;
	*addr = v & KCSAN_WP_ADDR_MASK;
	*size = (v >> KCSAN_WP_SIZE_SHIFT) & ((1UL << KCSAN_WP_SIZE_BITS) - 1);
	*write = (v & KCSAN_WP_WRITE) != 0;
	return 1;
}

/* [a1, a1 + s1) and [a2, a2 + s2) share a byte (sizes > 0). */
static inline int ranges_overlap(uintptr_t a1, size_t s1, uintptr_t a2, size_t s2)
{
	return a1 <= a2 + (s2 - 1) && a2 <= a1 + (s1 - 1);
}

static inline unsigned wp_slot(uintptr_t addr)
{
	return (unsigned)((addr >> KCSAN_SLOT_SHIFT) % KCSAN_NWATCH);
}

/* ---- this thread's side of an access --------------------------------- */

static void fill_access(struct kcsan_access *a, uintptr_t ptr, size_t size, int type,
			uintptr_t ip, uintptr_t fp, int interrupt)
{
	a->ptr = ptr;
	a->size = size;
	a->type = type;
	a->ip = ip;
	a->tid = ksan_port_thread_id();
	a->cpu = ksan_port_cpu_id();
	a->interrupt = interrupt;
	a->stack = core_depot_capture(ip, fp, opt_stack_depth);
}

/* ---- the consumer: an access ran into a live watchpoint --------------- */

/* The first slot in [first, first + n) whose watchpoint conflicts with
 * [ptr, ptr + size): -1 if none.  *enc is its encoded value. */
static inline int scan(unsigned first, unsigned n, uintptr_t masked, size_t size,
		       int is_write, long *enc)
{
	unsigned i;

	for (i = first; i < first + n; i++) {
		long wp = __atomic_load_n(&kcsan_watchpoints[i], __ATOMIC_RELAXED);
		uintptr_t wa;
		size_t ws;
		int ww;

		if (!wp_decode(wp, &wa, &ws, &ww))
			continue;
		if (!is_write && !ww)		/* two reads never race */
			continue;
		if (ranges_overlap(wa, ws, masked, size)) {
			*enc = wp;
			return (int)i;
		}
	}
	return -1;
}

static int find_watchpoint(uintptr_t ptr, size_t size, int is_write, long *enc)
{
	uintptr_t masked = ptr & KCSAN_WP_ADDR_MASK;
	uintptr_t first = ptr >> KCSAN_SLOT_SHIFT;
	uintptr_t last = (ptr + size - 1) >> KCSAN_SLOT_SHIFT;
	uintptr_t p;
	int idx;

	if (likely(first == last))
		return scan(wp_slot(ptr), KCSAN_NSLOTS, masked, size, is_write, enc);
	/* a range over several pages: each page's slots, or all of them */
	if (last - first + 1 >= KCSAN_NWATCH)
		return scan(0, NWP, masked, size, is_write, enc);
	for (p = first; p <= last; p++) {
		idx = scan((unsigned)(p % KCSAN_NWATCH), KCSAN_NSLOTS, masked, size,
			   is_write, enc);
		if (idx >= 0)
			return idx;
	}
	return -1;
}

int kcsan_check_watchpoints(uintptr_t ptr, size_t size, int type, uintptr_t ip,
			    uintptr_t fp)
{
	struct kcsan_ctx *ctx = kcsan_ctx();
	struct kcsan_other *o;
	int interrupt = 0, expect;
	long enc;
	int idx;

	if (unlikely(ctx->in_runtime)) {
		/* the runtime is not instrumented: an access here is a signal
		 * handler's that interrupted it, maybe inside watch() before
		 * ctx->watching names the slot; a value it changes there is its
		 * own, not a race of unknown origin */
		ctx->own_hit = 1;
		return 1;
	}
	if (unlikely(!size))
		return 0;
	kcsan_count(KCSAN_COUNTER_WATCHPOINT_CHECKS, 1);
	idx = find_watchpoint(ptr, size, (type & KCSAN_ACCESS_WRITE) != 0, &enc);
	if (idx < 0)
		return 0;
	/* a match: this access is not watched, whatever happens below */
	if (ctx->disable_count || !kcsan_enabled)
		return 1;
	/* EXCLUSIVE_BITS' accesses are judged by value changes only: a
	 * watcher must not report them as the other side (kernel rule) */
	if (ctx->access_mask)
		return 1;
	if (ctx->watching == idx + 1) {
		/* our own watchpoint: a signal handler interrupted the stall */
		ctx->own_hit = 1;
		if (!opt_interrupt_watcher)
			return 1;
		interrupt = 1;
	}
	if (__atomic_compare_exchange_n(&kcsan_watchpoints[idx], &enc, KCSAN_WP_CONSUMED,
					0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
		ctx->in_runtime++;
		o = &kcsan_other[idx];
		fill_access(&o->a, ptr, size, type, ip, fp, interrupt);
		expect = OTHER_EMPTY;
		if (!__atomic_compare_exchange_n(&o->state, &expect, OTHER_READY, 0,
						 __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
			/* the watcher gave up waiting: the slot is ours to free */
			__atomic_store_n(&o->state, OTHER_EMPTY, __ATOMIC_RELAXED);
			__atomic_store_n(&kcsan_watchpoints[idx], KCSAN_WP_INVALID,
					 __ATOMIC_RELEASE);
		}
		ctx->in_runtime--;
	} else {
		/* removed meanwhile, or another thread consumed it first */
		kcsan_count(KCSAN_COUNTER_REPORT_RACES, 1);
	}
	kcsan_count((type & KCSAN_ACCESS_ASSERT) ? KCSAN_COUNTER_ASSERT_FAILURES :
		    KCSAN_COUNTER_DATA_RACES, 1);
	return 1;
}

/* ---- the watcher ------------------------------------------------------- */

static inline uint64_t rnd(struct kcsan_ctx *ctx)
{
	uint64_t x = ctx->rng;

	if (unlikely(!x))
		x = (ksan_port_random() ^ ((uint64_t)ksan_port_thread_id() << 32)) | 1;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	ctx->rng = x;
	return x;
}

/* A value in [0, n). */
static inline unsigned long rnd_below(struct kcsan_ctx *ctx, unsigned long n)
{
	return n ? (unsigned long)(rnd(ctx) % n) : 0;
}

/* The kernel's randomised countdown: 1..skip_watch accesses pass before
 * the next watched one (skip_watch = 0: none, the very next is watched). */
static inline void reset_skip(struct kcsan_ctx *ctx)
{
	ctx->skip = (long)(opt_skip_watch - rnd_below(ctx, opt_skip_watch));
}

/* Sizes 1, 2, 4, 8 at any alignment; *known = 0 for the others, and where
 * the port says a read could fault (ksan_port_read_unsafe: KFENCE's guard
 * and freed pages; the program's own access, next, is the one to report) */
static uint64_t read_value(uintptr_t p, size_t size, int *known)
{
	struct u16p { uint16_t v; } __attribute__((packed, may_alias));
	struct u32p { uint32_t v; } __attribute__((packed, may_alias));
	struct u64p { uint64_t v; } __attribute__((packed, may_alias));

	*known = 0;
	if (unlikely(ksan_port_read_unsafe(p, size)))
		return 0;
	*known = 1;
	switch (size) {
	case 1:
		return *(const volatile uint8_t *)p;
	case 2:
		return ((const volatile struct u16p *)p)->v;
	case 4:
		return ((const volatile struct u32p *)p)->v;
	case 8:
		return ((const volatile struct u64p *)p)->v;
	}
	*known = 0;
	return 0;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#endif
}

/* The slot is CONSUMED: take the consumer's side, then free the slot.
 * Returns 0 if its info did not come in time (the consumer frees it). */
static int take_other(unsigned idx, struct kcsan_access *other)
{
	struct kcsan_other *o = &kcsan_other[idx];
	uint64_t start = 0;
	int expect;
	unsigned spins = 0;

	while (__atomic_load_n(&o->state, __ATOMIC_ACQUIRE) != OTHER_READY) {
		cpu_relax();
		if (++spins % 64)
			continue;
		if (!start) {
			start = ksan_port_time_ns();
		} else if (ksan_port_time_ns() - start > WAIT_OTHER_NS) {
			expect = OTHER_EMPTY;
			if (__atomic_compare_exchange_n(&o->state, &expect, OTHER_GIVEN_UP, 0,
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
				return 0;
			break;	/* published just now */
		}
	}
	core_memcpy(other, &o->a, sizeof(*other));
	__atomic_store_n(&o->state, OTHER_EMPTY, __ATOMIC_RELAXED);
	__atomic_store_n(&kcsan_watchpoints[idx], KCSAN_WP_INVALID, __ATOMIC_RELEASE);
	return 1;
}

/* The kernel's KCSAN_VALUE_CHANGE_* */
enum { CHANGE_FALSE, CHANGE_MAYBE, CHANGE_TRUE };

/* After the stall: decide and report. */
static void conclude(struct kcsan_ctx *ctx, uintptr_t ptr, size_t size, int type,
		     uintptr_t ip, uintptr_t fp, int consumed, const struct kcsan_access *other,
		     const struct kcsan_value *v)
{
	int is_assert = (type & KCSAN_ACCESS_ASSERT) != 0;
	struct kcsan_access me;
	uint64_t diff = v->known ? v->old ^ v->new : 0;
	int change;

	if (v->mask)
		diff &= v->mask;
	change = diff ? CHANGE_TRUE : CHANGE_MAYBE;

	if (consumed) {
		if (change == CHANGE_MAYBE) {
			if (v->mask)
				change = CHANGE_FALSE;	/* races on other bits are expected */
			else if (size > 8 || is_assert)
				change = CHANGE_TRUE;	/* nothing to compare: assume one */
		}
		/* the kernel's REPORT_VALUE_CHANGE_ONLY, off when strict */
		if (change == CHANGE_FALSE || (change == CHANGE_MAYBE && !opt_strict))
			return;
		/* the watchpoint kept 48 address bits: compare the full ones */
		if (!ranges_overlap(ptr, size, other->ptr, other->size)) {
			kcsan_count(KCSAN_COUNTER_ENCODING_FALSE_POSITIVES, 1);
			return;
		}
		if (is_assert && change == CHANGE_TRUE)
			kcsan_count(KCSAN_COUNTER_ASSERT_FAILURES, 1);
		fill_access(&me, ptr, size, type, ip, fp, 0);
		kcsan_report_known(&me, other, v);
		return;
	}
	/* not consumed: a changed value is a race with an unseen writer (an
	 * uninstrumented one, or one that ran in between the checks), unless
	 * our own signal handler wrote it */
	if (change != CHANGE_TRUE || ctx->own_hit)
		return;
	kcsan_count(KCSAN_COUNTER_RACES_UNKNOWN_ORIGIN, 1);
	if (is_assert)
		kcsan_count(KCSAN_COUNTER_ASSERT_FAILURES, 1);
	if (opt_unknown_origin || is_assert) {
		fill_access(&me, ptr, size, type, ip, fp, 0);
		kcsan_report_unknown(&me, v);
	}
}

/* The lines whose accesses may conflict with a watchpoint on [ptr, ptr +
 * size) (kcsan.h) count it, or stop counting it */
static void near_add(uintptr_t ptr, size_t size, int n)
{
	uintptr_t l = (ptr >> KCSAN_NEAR_SHIFT) - 1;
	uintptr_t k, lines = ((ptr + size - 1) >> KCSAN_NEAR_SHIFT) - l + 1;

	for (k = 0; k < lines; k++)	/* n = -1: adding 255 takes one away */
		__atomic_fetch_add(&kcsan_near[(l + k) % KCSAN_NEAR_LINES], (unsigned char)n,
				   __ATOMIC_SEQ_CST);
}

/* Insert at slot + 1 first, then a free neighbour: the index, or -1. */
static int insert_watchpoint(uintptr_t ptr, long enc)
{
	unsigned s = wp_slot(ptr), i;

	for (i = 0; i < KCSAN_NSLOTS; i++) {
		unsigned idx = s + (i + 1) % KCSAN_NSLOTS;
		long expect = KCSAN_WP_INVALID;

		if (__atomic_compare_exchange_n(&kcsan_watchpoints[idx], &expect, enc, 0,
						__ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
			return (int)idx;
	}
	return -1;
}

static void watch(struct kcsan_ctx *ctx, uintptr_t ptr, size_t size, int type,
		  uintptr_t ip, uintptr_t fp)
{
	int is_write = (type & KCSAN_ACCESS_WRITE) != 0;
	long enc = wp_encode(ptr, size, is_write);
	struct kcsan_value v = { 0 };
	struct kcsan_access other;
	unsigned long delay;
	int idx, removed, consumed = 0, known;

	/* in_runtime: a signal handler that comes in before ctx->watching
	 * names the slot must not take our watchpoint for another thread's
	 * (it sets own_hit instead: cleared first, so it is not lost) */
	ctx->own_hit = 0;
	ctx->in_runtime++;
	__atomic_fetch_add(&kcsan_nactive, 1, __ATOMIC_SEQ_CST);
	idx = insert_watchpoint(ptr, enc);
	if (idx < 0) {
		kcsan_count(KCSAN_COUNTER_NO_CAPACITY, 1);
		__atomic_fetch_sub(&kcsan_nactive, 1, __ATOMIC_RELEASE);
		ctx->in_runtime--;
		return;
	}
	/* visible to the fast path before the old value is read */
	near_add(ptr, size, 1);
	kcsan_count(KCSAN_COUNTER_SETUP_WATCHPOINTS, 1);
	kcsan_count(KCSAN_COUNTER_USED_WATCHPOINTS, 1);
	v.mask = ctx->access_mask;
	v.old = read_value(ptr, size, &known);
	ctx->watching = idx + 1;
	ctx->in_runtime--;

	/* compound and assert accesses stall longer on average (kernel) */
	delay = opt_udelay - rnd_below(ctx, opt_udelay >>
				       ((type & (KCSAN_ACCESS_COMPOUND | KCSAN_ACCESS_ASSERT)) ? 1 : 0));
	ksan_port_delay_us(delay ? (unsigned)delay : 1);

	ctx->in_runtime++;
	v.new = read_value(ptr, size, &known);
	v.known = known;
	removed = __atomic_compare_exchange_n(&kcsan_watchpoints[idx], &enc, KCSAN_WP_INVALID,
					      0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
	if (!removed)		/* consumed: nobody else writes the slot */
		consumed = take_other((unsigned)idx, &other);
	ctx->watching = 0;
	near_add(ptr, size, -1);
	__atomic_fetch_sub(&kcsan_nactive, 1, __ATOMIC_RELEASE);
	kcsan_count(KCSAN_COUNTER_USED_WATCHPOINTS, -1);
	/* a consumer whose info never came: its side is unknown; drop it
	 * rather than report half a race */
	if (removed || consumed)
		conclude(ctx, ptr, size, type, ip, fp, consumed, &other, &v);
	ctx->in_runtime--;
}

void kcsan_slow(uintptr_t ptr, size_t size, int type, uintptr_t ip, uintptr_t fp)
{
	struct kcsan_ctx *ctx = kcsan_ctx();

	/* the kernel's is_atomic(): a marked access is not watched and does
	 * not count; skip = 0 brings the next access back here */
	if (!(type & KCSAN_ACCESS_ASSERT)) {	/* assertions are never atomic */
		if (!opt_strict && (type & (KCSAN_ACCESS_WRITE | KCSAN_ACCESS_COMPOUND)) ==
		    KCSAN_ACCESS_WRITE && size <= 8 && !(ptr & (size - 1))) {
			ctx->skip = 0;	/* aligned plain write: assumed atomic */
			return;
		}
		if (ctx->atomic_next > 0) {
			ctx->skip = --ctx->atomic_next ? 0 : ctx->saved_skip;
			return;
		}
	}
	if (ctx->disable_count || ctx->watching || ctx->in_runtime || !size ||
	    !__atomic_load_n(&kcsan_enabled, __ATOMIC_RELAXED)) {
		ctx->skip = 0;
		return;
	}
	if (size > KCSAN_MAX_WATCH_SIZE) {
		kcsan_count(KCSAN_COUNTER_UNENCODABLE_ACCESSES, 1);
		ctx->skip = 0;
		return;
	}
	/* this access is the sampled one */
	if (!(__atomic_load_n(&kcsan_single_threaded, __ATOMIC_RELAXED) &&
	      !opt_interrupt_watcher))
		watch(ctx, ptr, size, type, ip, fp);
	/* after the watch: a signal handler's accesses meanwhile may have
	 * changed the countdown */
	reset_skip(ctx);
}

/* ---- start-up, fork, counters ---------------------------------------- */

void kcsan_init(void)
{
	opt_skip_watch = core_opt.kcsan_skip_watch;
	opt_udelay = core_opt.kcsan_udelay ? core_opt.kcsan_udelay : 1;
	opt_strict = core_opt.kcsan_strict != 0;
	opt_interrupt_watcher = core_opt.kcsan_interrupt_watcher != 0;
	opt_unknown_origin = core_opt.kcsan_report_unknown_origin != 0;
	opt_stack_depth = core_opt.malloc_context_size;
	if (opt_stack_depth < 1)
		opt_stack_depth = 1;
	if (opt_stack_depth > DEPOT_MAX_FRAMES)
		opt_stack_depth = DEPOT_MAX_FRAMES;
	__atomic_store_n(&kcsan_enabled, 1, __ATOMIC_RELEASE);
}

void kcsan_fork_child(void)
{
	unsigned i;

	/* the threads that watched or consumed are gone */
	for (i = 0; i < NWP; i++) {
		kcsan_watchpoints[i] = KCSAN_WP_INVALID;
		kcsan_other[i].state = OTHER_EMPTY;
	}
	kcsan_nactive = 0;
	for (i = 0; i < KCSAN_NEAR_LINES; i++)
		kcsan_near[i] = 0;
	kcsan_counters[KCSAN_COUNTER_USED_WATCHPOINTS] = 0;
	__atomic_store_n(&kcsan_single_threaded, 1, __ATOMIC_RELEASE);
}

static const char *const counter_names[KCSAN_COUNTER_COUNT] = {
	[KCSAN_COUNTER_USED_WATCHPOINTS] = "used_watchpoints",
	[KCSAN_COUNTER_SETUP_WATCHPOINTS] = "setup_watchpoints",
	[KCSAN_COUNTER_DATA_RACES] = "data_races",
	[KCSAN_COUNTER_ASSERT_FAILURES] = "assert_failures",
	[KCSAN_COUNTER_NO_CAPACITY] = "no_capacity",
	[KCSAN_COUNTER_REPORT_RACES] = "report_races",
	[KCSAN_COUNTER_RACES_UNKNOWN_ORIGIN] = "races_unknown_origin",
	[KCSAN_COUNTER_UNENCODABLE_ACCESSES] = "unencodable_accesses",
	[KCSAN_COUNTER_ENCODING_FALSE_POSITIVES] = "encoding_false_positives",
	[KCSAN_COUNTER_WATCHPOINT_CHECKS] = "watchpoint_checks",
};

void kcsan_print_stats(void)
{
	unsigned i;

	/* the pid tells apart the blocks of a script's many processes */
	core_printf("ksan: KCSAN stats (pid %d): enabled: %d\n", ksan_port_pid(),
		    __atomic_load_n(&kcsan_enabled, __ATOMIC_RELAXED));
	for (i = 0; i < KCSAN_COUNTER_COUNT; i++)
		core_printf("%s: %ld\n", counter_names[i],
			    __atomic_load_n(&kcsan_counters[i], __ATOMIC_RELAXED));
}
