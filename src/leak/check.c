/*
 * This file contains the leak detector: the kernel's kmemleak
 * idea with LeakSanitizer's rules.  With the world stopped (the port's
 * ksan_port_stop_the_world), every live object of every heap in the core's
 * registry (generic KASAN's, KFENCE's pool) is listed in address order;
 * the roots the port names (each module's data, every thread's registers,
 * stack and thread-local storage) and the memory the heaps lend to live
 * frames (KASAN's fake stack) are scanned for aligned words that
 * point anywhere into an object (interior pointers count, as in LSan), and
 * what they reach is marked, transitively through the objects' contents.
 * An object left unmarked leaked: indirectly when another leaked object
 * points to it, else directly.  Leaks are grouped by allocation stack and
 * reported (report.c) once the world runs again.
 *
 * Never reported, and their contents count as roots: objects the program
 * asked to ignore (__lsan_ignore_object, __lsan_disable), objects the
 * dynamic loader allocated (its TLS blocks), and leaks a leak: suppression
 * covers (so what only they point to is not reported either, as in LSan).
 * The last two are known by allocation stack, which is judged with the
 * world running (symbolizing forks a process): a check whose leaks come
 * from a stack newly judged ignored stops the world and marks again.
 */
#include "leak.h"

enum { TAG_UNSEEN, TAG_REACHABLE, TAG_IGNORED, TAG_INDIRECT };


/* What a stack was judged, once, with the world running. */
enum { JUDGE_UNKNOWN, JUDGE_LEAK, JUDGE_LOADER, JUDGE_SUPPRESSED };
struct verdict {
	uint32_t stack;		/* 0: an empty slot */
	uint32_t judged;	/* JUDGE_* */
	const char *pattern;	/* JUDGE_SUPPRESSED: the leak: line's */
	size_t hits, bytes;	/* this check's suppressed objects */
};

#define MAX_LEAKS 5000		/* LeakSanitizer's kMaxLeaksConsidered */
#define LEAK_SLOTS 8192		/* hash of (stack, direct) -> leak */
#define NPASSES 2

struct scan {
	struct leak_table t;
	uint32_t *work;		/* objects marked, their contents not scanned */
	size_t nwork;
	size_t root_bytes[4];	/* per ksan_root_kind, for verbosity */
	size_t fake_bytes;
	int log_kind;		/* verbosity=2: the root kind being scanned, else -1 */
	unsigned heap;		/* the registry's heap being walked */
	/* results */
	struct leak *leaks;
	uint16_t *slot;		/* LEAK_SLOTS: index + 1 into leaks */
	size_t nleaks, omitted, omitted_bytes;
	int unjudged;		/* a leak's stack was never judged */
};

/* guarded by check_busy; mapped, not in .bss: its words (the heap's
 * bounds) must not read as roots */
static struct scan *scan;
static struct verdict *verdicts;	/* guarded by check_busy; grows */
static size_t nverdicts, verdict_cap;
static int check_busy;			/* a check is running (any thread) */

/* ---- memory: the runtime's own, never the heap's ---------------------- */

static void *map_array(size_t n, size_t size)
{
	return ksan_port_map(ROUND_UP(n * size, 4096));
}

static void unmap_array(void *p, size_t n, size_t size)
{
	if (p)
		ksan_port_unmap(p, ROUND_UP(n * size, 4096));
}

/* ---- the stack verdicts ------------------------------------------------ */

static uint32_t hash32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352d;
	x ^= x >> 15;
	x *= 0x846ca68b;
	return x ^ (x >> 16);
}

/* The verdict of stack, NULL when none is kept (lookups only: safe with
 * the world stopped, nothing inserts then). */
static struct verdict *verdict_of(uint32_t stack)
{
	size_t i;

	if (!verdict_cap || !stack)
		return 0;
	for (i = hash32(stack) & (verdict_cap - 1);; i = (i + 1) & (verdict_cap - 1)) {
		if (verdicts[i].stack == stack)
			return &verdicts[i];
		if (!verdicts[i].stack)
			return 0;
	}
}

static int verdict_grow(void)
{
	size_t cap = verdict_cap ? verdict_cap * 2 : 1024, i;
	struct verdict *v = map_array(cap, sizeof(*v)), *old = verdicts;

	if (!v)
		return -1;
	verdicts = v;
	for (i = 0; i < verdict_cap; i++) {
		size_t j;

		if (!old[i].stack)
			continue;
		for (j = hash32(old[i].stack) & (cap - 1); v[j].stack; j = (j + 1) & (cap - 1))
			;
		v[j] = old[i];
	}
	unmap_array(old, verdict_cap, sizeof(*old));
	verdict_cap = cap;
	return 0;
}

/* Judge a stack with the world running: the dynamic loader's allocations
 * are not leaks; a leak: line may cover the stack.  JUDGE_*. */
static int judge(uint32_t stack)
{
	struct verdict *v = verdict_of(stack);
	const uintptr_t *pcs;
	const char *pattern = 0;
	int j;
	size_t i;

	if (v)
		return v->judged;
	if (!stack)
		return JUDGE_LEAK;	/* no stack was saved: nothing to judge by */
	if ((nverdicts + 1) * 2 > verdict_cap && verdict_grow())
		return JUDGE_LEAK;	/* out of memory: report it */
	/* pcs[0] is the allocator's entry point, pcs[1] its caller */
	if (core_depot_fetch(stack, &pcs) >= 2 && ksan_port_pc_in_loader(pcs[1]))
		j = JUDGE_LOADER;
	else if ((pattern = leak_suppressed(stack)))
		j = JUDGE_SUPPRESSED;
	else
		j = JUDGE_LEAK;
	for (i = hash32(stack) & (verdict_cap - 1); verdicts[i].stack;
	     i = (i + 1) & (verdict_cap - 1))
		;
	verdicts[i].stack = stack;
	verdicts[i].judged = (uint32_t)j;
	verdicts[i].pattern = pattern;
	nverdicts++;
	return j;
}

/* ---- inside the stopped world: the object table ------------------------ */

static void add_object(void *arg, uintptr_t start, size_t size, uint32_t stack,
		       uint32_t tid, int ignored)
{
	struct scan *s = arg;
	struct verdict *v;
	struct leak_obj *o = leak_table_add(&s->t);

	if (!o)
		return;
	o->start = start;
	o->size = size;
	o->stack = stack;
	o->tid = tid;
	o->heap = (uint8_t)s->heap;
	o->pool = core_heap_get(s->heap)->pool_size != 0;
	v = ignored ? 0 : verdict_of(stack);
	o->tag = ignored || (v && v->judged == JUDGE_LOADER) ? TAG_IGNORED : TAG_UNSEEN;
}

static void push(struct scan *s, size_t i)
{
	s->work[s->nwork++] = (uint32_t)i;
}

/* verbosity=2: which root word reached an object (LeakSanitizer's
 * log_pointers).  Printed with the world stopped: raw writes, no lock
 * (the report lock is held by the stopper; lines may mix with a report
 * another thread began before the stop). */
static void log_root(const struct scan *s, uintptr_t a, const struct leak_obj *o)
{
	static const char *const kinds[] = { "data", "stack", "registers", "tls", "fake frame" };
	char line[160];
	int n = core_snprintf(line, sizeof(line),
			      "ksan: leak check: %s word at 0x%lx points into object 0x%lx (size %zu)\n",
			      kinds[s->log_kind], (unsigned long)a, (unsigned long)o->start, o->size);

	ksan_port_write(line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

/*
 * The aligned words of [lo, hi) that point into an object: mark the
 * objects not yet seen as tag (TAG_REACHABLE: push them; TAG_INDIRECT:
 * only a leaked object's pointees).  self: the object being scanned
 * (pointers to itself do not count); heap: the heap [lo, hi) is an object
 * of (NULL: a root), whose poisoned words do not count (LeakSanitizer's use_poisoned=0: a freed
 * pool object's stale link keeps nothing alive).
 */
static void scan_words(struct scan *s, uintptr_t lo, uintptr_t hi, int tag, long self,
		       const struct core_heap *heap)
{
	uintptr_t a;

	for (a = ROUND_UP(lo, sizeof(uintptr_t)); a + sizeof(uintptr_t) <= hi;
	     a += sizeof(uintptr_t)) {
		long i = leak_table_find(&s->t, *(const uintptr_t *)a);
		struct leak_obj *o;

		if (i < 0 || i == self)
			continue;
		o = &s->t.obj[i];
		if (o->tag == TAG_REACHABLE || o->tag == TAG_IGNORED)
			continue;
		if (heap && heap->poisoned && heap->poisoned(a))
			continue;
		if (tag == TAG_INDIRECT) {
			o->tag = TAG_INDIRECT;
		} else {
			o->tag = TAG_REACHABLE;
			push(s, (size_t)i);
			if (s->log_kind >= 0)
				log_root(s, a, o);
		}
	}
}

/* Scan what is marked and not scanned yet, transitively. */
static void flood(struct scan *s)
{
	while (s->nwork) {
		size_t i = s->work[--s->nwork];
		const struct leak_obj *o = &s->t.obj[i];

		scan_words(s, o->start, o->start + o->size, TAG_REACHABLE, (long)i,
			   core_heap_get(o->heap));
	}
}

static void scan_root(void *arg, uintptr_t lo, uintptr_t hi, int kind)
{
	struct scan *s = arg;

	if (hi <= lo)
		return;
	if ((unsigned)kind < ARRAY_SIZE(s->root_bytes))
		s->root_bytes[kind] += hi - lo;
	s->log_kind = core_opt.verbosity >= 2 && (unsigned)kind < 4 ? kind : -1;
	scan_words(s, lo, hi, TAG_REACHABLE, -1, NULL);
	s->log_kind = -1;
}

static void scan_fake_frame(void *arg, uintptr_t lo, uintptr_t hi)
{
	struct scan *s = arg;

	s->fake_bytes += hi - lo;
	s->log_kind = core_opt.verbosity >= 2 ? 4 : -1;
	scan_words(s, lo, hi, TAG_REACHABLE, -1, NULL);
	s->log_kind = -1;
}

/* A leaked object into its (stack, direct) group. */
static void group(struct scan *s, const struct leak_obj *o, int direct)
{
	uint32_t h = hash32(o->stack * 2 + (uint32_t)direct) & (LEAK_SLOTS - 1);
	struct leak *l;

	for (;; h = (h + 1) & (LEAK_SLOTS - 1)) {
		if (!s->slot[h])
			break;
		l = &s->leaks[s->slot[h] - 1];
		if (l->stack == o->stack && l->direct == direct) {
			l->count++;
			l->bytes += o->size;
			return;	/* objects come in address order: first stays */
		}
	}
	if (s->nleaks == MAX_LEAKS) {
		s->omitted++;
		s->omitted_bytes += o->size;
		return;
	}
	l = &s->leaks[s->nleaks++];
	s->slot[h] = (uint16_t)s->nleaks;
	core_memset(l, 0, sizeof(*l));
	l->stack = o->stack;
	l->direct = direct;
	l->count = 1;
	l->bytes = o->size;
	l->first = o->start;
	l->first_size = o->size;
	l->first_tid = o->tid;
	/* read now: once the world runs, the object may go */
	core_memcpy(l->dump, (const void *)o->start,
		    o->size < LEAK_DUMP ? o->size : LEAK_DUMP);
}

/* The check proper, with the world stopped: nothing here may lock. */
static void check_stopped(void *arg)
{
	struct scan *s = arg;
	size_t i, nheap = 0;
	unsigned h, pass;

	/* the pagemap's heaps first (in address order), the pools after */
	for (pass = 0; pass < 2; pass++) {
		for (h = 0; h < core_heap_count(); h++) {
			const struct core_heap *heap = core_heap_get(h);

			if (heap->walk && (heap->pool_size != 0) == (pass == 1)) {
				s->heap = h;
				heap->walk(add_object, s);
			}
		}
		if (!pass)
			nheap = s->t.n;
	}
	if (leak_table_finish(&s->t, nheap))
		return;
	s->work = map_array(s->t.n, sizeof(*s->work));
	if (!s->work) {
		s->t.nomem = 1;
		return;
	}
	/* the ignored objects' contents are roots */
	for (i = 0; i < s->t.n; i++)
		if (s->t.obj[i].tag == TAG_IGNORED)
			push(s, i);
	ksan_port_for_each_root(scan_root, s);
	for (h = 0; h < core_heap_count(); h++)
		if (core_heap_get(h)->walk_roots)
			core_heap_get(h)->walk_roots(scan_fake_frame, s);
	flood(s);
	/* leaks a suppression covers: counted, then roots as well */
	for (i = 0; i < s->t.n; i++) {
		struct leak_obj *o = &s->t.obj[i];
		struct verdict *v;

		if (o->tag != TAG_UNSEEN || !(v = verdict_of(o->stack)) ||
		    v->judged != JUDGE_SUPPRESSED)
			continue;
		v->hits++;
		v->bytes += o->size;
		o->tag = TAG_IGNORED;
		push(s, i);
	}
	flood(s);
	/* what a leaked object points to leaked indirectly */
	for (i = 0; i < s->t.n; i++)
		if (s->t.obj[i].tag == TAG_UNSEEN || s->t.obj[i].tag == TAG_INDIRECT)
			scan_words(s, s->t.obj[i].start, s->t.obj[i].start + s->t.obj[i].size,
				   TAG_INDIRECT, (long)i,
				   core_heap_get(s->t.obj[i].heap));
	for (i = 0; i < s->t.n; i++) {
		const struct leak_obj *o = &s->t.obj[i];
		const struct verdict *v;

		if (o->tag != TAG_UNSEEN && o->tag != TAG_INDIRECT)
			continue;
		v = verdict_of(o->stack);
		if (!v)
			s->unjudged = 1;
		group(s, o, o->tag == TAG_UNSEEN);
	}
}

/* ---- one check, with the world running around it ----------------------- */

static void reset_scan(struct scan *s)
{
	unmap_array(s->work, s->t.n, sizeof(*s->work));
	s->work = 0;
	leak_table_reset(&s->t);
	s->nwork = 0;
	s->nleaks = 0;
	s->omitted = 0;
	s->omitted_bytes = 0;
	s->unjudged = 0;
	s->fake_bytes = 0;
	s->log_kind = -1;
	core_memset(s->root_bytes, 0, sizeof(s->root_bytes));
	core_memset(s->slot, 0, LEAK_SLOTS * sizeof(*s->slot));
}

static void clear_hits(void)
{
	size_t i;

	for (i = 0; i < verdict_cap; i++)
		verdicts[i].hits = verdicts[i].bytes = 0;
}

/* Direct leaks first, then the larger (LeakSanitizer's order). */
static int before(const struct leak *a, const struct leak *b)
{
	if (a->direct != b->direct)
		return a->direct;
	return a->bytes > b->bytes;
}

static void sort_leaks(struct leak *l, size_t n)
{
	size_t i, j;

	/* insertion sort by shifting, on a few thousand at most */
	for (i = 1; i < n; i++) {
		struct leak x = l[i];

		for (j = i; j > 0 && before(&x, &l[j - 1]); j--)
			l[j] = l[j - 1];
		l[j] = x;
	}
}

/* Drop the leaks whose stacks are judged not leaks; sort the rest. */
static size_t keep_leaks(struct scan *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->nleaks; i++)
		if (judge(s->leaks[i].stack) == JUDGE_LEAK)
			s->leaks[n++] = s->leaks[i];
	sort_leaks(s->leaks, n);
	return n;
}

static int prepare(struct scan *s)
{
	if (!s->leaks) {
		s->leaks = map_array(MAX_LEAKS, sizeof(*s->leaks));
		s->slot = map_array(LEAK_SLOTS, sizeof(*s->slot));
		if (!s->leaks || !s->slot)
			return -1;
	}
	if (!verdict_cap && verdict_grow())
		return -1;
	reset_scan(s);
	return 0;
}

/*
 * Zero the stack just below the caller, where the port's
 * ksan_port_stop_the_world() frame goes next.  The port scans the checking
 * thread's stack from that frame up (the check's own frames below it are
 * not roots), so the frame's unused slots must not keep what the calls
 * before it (prepare, the verdicts, a first pass's symbolizing) left
 * there.  Such a slot once read 0x7f18_0000_3f27: the upper half of an old
 * pointer with the process id (16167) stored into its lower half, and a
 * 3000-byte object happened to lie there (lit leak/lookup.c's list lost
 * 936 of its 30000 leaked nodes, about one run in a hundred).
 */
static __attribute__((noinline)) int wipe_below(int pass_through)
{
	volatile char buf[4096];

	core_memset((char *)buf, 0, sizeof(buf));
	__asm__ volatile("" : : "r"(buf) : "memory");
	return pass_through;
}

static __attribute__((noinline)) long check_leaks(int at_exit)
{
	struct scan *s;
	uint64_t t0 = ksan_port_time_ns(), t_scan = 0;
	long reported = -1;
	size_t n = 0, i;
	int pass;

	if (!core_heap_count() || core_thread_get()->in_report ||
	    __atomic_exchange_n(&check_busy, 1, __ATOMIC_ACQUIRE))
		return 0;	/* a check runs already (another thread's) */
	if (!scan)
		scan = ksan_port_map(ROUND_UP(sizeof(*scan), 4096));
	s = scan;
	if (!s || prepare(s)) {
		reported = 0;
		core_printf("ksan: leak check: out of memory, nothing reported\n");
		goto done;
	}
	for (pass = 0; pass < NPASSES; pass++) {
		int again = 0;

		if (pass)
			reset_scan(s);
		clear_hits();
		wipe_below(0);
		if (ksan_port_stop_the_world(check_stopped, s))
			goto out;
		if (s->t.nomem) {
			core_printf("ksan: leak check: out of memory, nothing reported\n");
			reported = 0;
			goto out;
		}
		/* stacks seen for the first time: judge them now; one newly
		 * judged not a leak (the loader's, suppressed) means marking
		 * again with its objects as roots */
		if (s->unjudged)
			for (i = 0; i < s->nleaks; i++)
				if (judge(s->leaks[i].stack) != JUDGE_LEAK)
					again = 1;
		if (!again)
			break;
	}
	t_scan = ksan_port_time_ns() - t0;
	n = keep_leaks(s);
	for (i = 0; i < verdict_cap; i++)
		if (verdicts[i].hits)
			leak_count_suppressed(verdicts[i].pattern, verdicts[i].hits,
						    verdicts[i].bytes);
	reported = (long)leak_report(s->leaks, n, s->omitted, s->omitted_bytes);
	if (core_opt.verbosity)
		core_printf("ksan: leak check%s: %zu objects, %zu bytes, roots %zu KiB data, "
			    "%zu KiB stacks, %zu B registers, %zu B TLS, %zu B fake frames; "
			    "%ld leaked; %u us to find, %u us in all\n",
			    at_exit ? " at exit" : "", s->t.n, s->t.bytes,
			    s->root_bytes[KSAN_ROOT_DATA] >> 10,
			    s->root_bytes[KSAN_ROOT_STACK] >> 10, s->root_bytes[KSAN_ROOT_REGISTERS],
			    s->root_bytes[KSAN_ROOT_TLS], s->fake_bytes, reported,
			    (unsigned)(t_scan / 1000), (unsigned)((ksan_port_time_ns() - t0) / 1000));
out:
	if (reported < 0 && core_opt.verbosity)
		core_printf("ksan: leak check: the port cannot stop the world or name roots\n");
	unmap_array(s->work, s->t.n, sizeof(*s->work));
	s->work = 0;
	leak_table_reset(&s->t);
done:
	__atomic_store_n(&check_busy, 0, __ATOMIC_RELEASE);
	return reported;
}

/*
 * The port scans from its own frame up, check_leaks()'s frame included: its
 * slots that it never writes keep what the program's calls left at that
 * depth (Juliet's CWE401 char_calloc_01 built by gcc: the leaked pointer,
 * as printf left it, read as a root, hid the leak).  So zero where that
 * frame goes first: wipe_below() and check_leaks() are called at the same
 * depth (no tail call), and the few slots at the top of wipe_below()'s
 * frame that it does not zero are where check_leaks() pushes its return
 * address and registers.  This frame keeps nothing in its own: the
 * argument goes through wipe_below().
 */
long leak_check(int at_exit)
{
	long n = check_leaks(wipe_below(at_exit));

	__asm__ volatile("" : "+r"(n));	/* a call, not a jump: same depth */
	return n;
}

/* In a child after fork(): a check another thread was making is not. */
void leak_fork_child(void)
{
	check_busy = 0;
}
