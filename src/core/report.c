/*
 * This file contains the report framing every detector shares: one report at
 * a time, a per-thread recursion guard, once-per-(pc, type) deduplication
 * when the program goes on after reports, the user's callback, the stack
 * printers and the halt policy.  Text is built in one buffer and written
 * with the port's raw write, never through stdio.
 *
 * A report can start while the same thread is making another one: from a
 * signal handler that interrupted it, or from the user's report callback.
 * That one nested report is made in full (into its own buffer, then the
 * interrupted report goes on); a report inside the nested one is recursion
 * (say the runtime faults inside its own report) and is refused with one
 * line, never silently.
 */
#include "core.h"

#define RBUF_SIZE (64u << 10)
#define NEST_SIZE (32u << 10)
#define DEDUP_FIRST 1024	/* slots of the static table; grows by doubling */

/* core_thread.in_report: where this thread is in the report path */
enum { REPORT_NONE, REPORT_OUTER, REPORT_NESTED };

static char rbuf_mem[RBUF_SIZE];
struct core_buf core_rbuf = { rbuf_mem, 0, RBUF_SIZE };
unsigned long core_reports;

ksan_lock_t core_report_lock;
/* Thread id of the holder of core_report_lock once it has it, else 0.
 * Stored after the lock is taken and cleared before it is released, so a
 * thread that reads its own id here holds the lock. */
static uint32_t report_owner;
/* Guarded by core_report_lock (only its holder's thread nests): */
static char nest_mem[NEST_SIZE];
static struct core_buf outer_rbuf;	/* the interrupted report's buffer */
static int restore_state;		/* in_report to go back to at the end */
/* What the current outer report is about, for ksan_port_report_end:
 * the first callback's detector and bug type, the first signature (a
 * report of several leaks has several).  Guarded by core_report_lock. */
static struct ksan_report_summary summary;
static char summary_sig[CORE_SIG_LEN];
static ksan_report_fn user_fn;
static void *user_arg;
/*
 * The reports made so far, for deduplication: an open-addressing table of
 * exact keys (pc, extra, and the type's hash: a type is one of a few dozen
 * words, so two pairs are never merged), grown to twice its size with the
 * port's memory when three quarters are used, so that every distinct pair
 * is reported once however many there are.  Only if the port has no memory
 * left does it stop taking new pairs, and says so once: a pair first seen
 * after that is reported each time (never lost).  All guarded by
 * core_report_lock.
 */
struct seen_key {
	uintptr_t pc;
	uint64_t extra;
	uint64_t type;		/* hash of the type's text, odd: 0 = empty slot */
};
static struct seen_key seen_first[DEDUP_FIRST];
static struct seen_key *seen = seen_first;
static size_t seen_slots = DEDUP_FIRST, nseen;
static int seen_stopped;

__attribute__((visibility("default")))
void ksan_set_report_callback(ksan_report_fn fn, void *arg)
{
	ksan_port_lock(&core_report_lock);
	user_fn = fn;
	user_arg = arg;
	ksan_port_unlock(&core_report_lock);
}

/* The kernel's kasan_save_enable_multi_shot / kasan_restore_multi_shot in
 * one call: returns the previous setting. */
__attribute__((visibility("default")))
int ksan_set_multi_shot(int on)
{
	return (int)__atomic_exchange_n(&core_opt.kasan_multi_shot, (long)!!on, __ATOMIC_RELAXED);
}

__attribute__((visibility("default")))
unsigned long ksan_report_count(void)
{
	return __atomic_load_n(&core_reports, __ATOMIC_RELAXED);
}

static uint64_t hash_type(const char *type)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (*type)
		h = (h ^ (unsigned char)*type++) * 0x100000001b3ull;
	return h | 1;
}

static size_t slot_of(uintptr_t pc, uint64_t extra, uint64_t type, size_t slots)
{
	uint64_t h = ((uint64_t)pc ^ (extra * 0xff51afd7ed558ccdull) ^ type) *
		     0x9e3779b97f4a7c15ull;

	return (size_t)(h >> 17) & (slots - 1);
}

static struct seen_key *find_slot(struct seen_key *tab, size_t slots, uintptr_t pc,
				  uint64_t extra, uint64_t type)
{
	size_t i = slot_of(pc, extra, type, slots);

	/* never full (at most three quarters used): an empty slot ends it */
	while (tab[i].type && !(tab[i].pc == pc && tab[i].extra == extra && tab[i].type == type))
		i = (i + 1) & (slots - 1);
	return &tab[i];
}

/* Twice the slots, the keys rehashed; 0 if the port has no memory. */
static int grow_seen(void)
{
	size_t slots = seen_slots * 2, i;
	struct seen_key *tab = ksan_port_map(slots * sizeof(*tab));

	if (!tab)
		return 0;
	for (i = 0; i < seen_slots; i++)
		if (seen[i].type)
			*find_slot(tab, slots, seen[i].pc, seen[i].extra, seen[i].type) = seen[i];
	if (seen != seen_first)
		ksan_port_unmap(seen, seen_slots * sizeof(*seen));
	seen = tab;
	seen_slots = slots;
	return 1;
}

/* 1 if (pc, type, extra) was reported before; records it otherwise. */
static int seen_before(uintptr_t pc, const char *type, uint64_t extra)
{
	uint64_t th = hash_type(type);
	struct seen_key *k = find_slot(seen, seen_slots, pc, extra, th);

	if (k->type)
		return 1;
	if (seen_stopped)
		return 0;
	if ((nseen + 1) * 4 > seen_slots * 3) {
		if (!grow_seen()) {
			seen_stopped = 1;
			core_printf("ksan: no memory for the report deduplication table: after %lu distinct reports, a new one may be printed each time it happens\n",
				    (unsigned long)nseen);
			return 0;
		}
		k = find_slot(seen, seen_slots, pc, extra, th);
	}
	k->pc = pc;
	k->extra = extra;
	k->type = th;
	nseen++;
	return 0;
}

/* Refuse a report without taking anything, and say so: reports must not be
 * lost silently. */
static int refuse(const char *type)
{
	core_printf("ksan: a %s report raised inside another report on this thread was not made (recursion)\n",
		    type);
	return 0;
}

/* A report on a thread that is already in the report path. */
static int begin_inner(struct core_thread *t, const char *type)
{
	uint32_t me = ksan_port_thread_id();
	uint32_t owner = __atomic_load_n(&report_owner, __ATOMIC_ACQUIRE);

	if (t->in_report == REPORT_OUTER && owner == me) {
		/* this thread holds the lock: its report was interrupted */
		t->in_report = REPORT_NESTED;
		outer_rbuf = core_rbuf;
		core_rbuf.p = nest_mem;
		core_rbuf.len = 0;
		core_rbuf.cap = NEST_SIZE;
		nest_mem[0] = 0;
		return 1;
	}
	if (t->in_report == REPORT_OUTER && owner != 0) {
		/* another thread holds the lock: the interrupted call had not
		 * taken it and cannot while we run, so wait for it as usual */
		ksan_port_lock(&core_report_lock);
		__atomic_store_n(&report_owner, me, __ATOMIC_RELEASE);
		restore_state = REPORT_OUTER;
		core_rbuf.len = 0;
		core_rbuf.p[0] = 0;
		return 1;
	}
	/* a report inside the nested one, or a signal in the few instructions
	 * where this thread takes or drops the lock */
	return refuse(type);
}

static void release(struct core_thread *t)
{
	int state = restore_state;

	restore_state = REPORT_NONE;
	__atomic_store_n(&report_owner, 0, __ATOMIC_RELEASE);
	ksan_port_unlock(&core_report_lock);
	t->in_report = state;
}

/* The nested report is over: the interrupted one has its buffer back. */
static void end_nested(struct core_thread *t)
{
	core_rbuf = outer_rbuf;
	t->in_report = REPORT_OUTER;
}

int core_report_begin(uintptr_t pc, const char *type, int dedup)
{
	return core_report_begin_key(pc, type, 0, dedup);
}

int core_report_begin_key(uintptr_t pc, const char *type, uint64_t extra, int dedup)
{
	struct core_thread *t = core_thread_get();

	if (t->in_report)
		return begin_inner(t, type);
	t->in_report = REPORT_OUTER;
	ksan_port_lock(&core_report_lock);
	__atomic_store_n(&report_owner, ksan_port_thread_id(), __ATOMIC_RELEASE);
	if (dedup && seen_before(pc, type, extra)) {
		release(t);
		return 0;
	}
	core_rbuf.len = 0;
	core_rbuf.p[0] = 0;
	summary.detector = "";
	summary.bug_type = type ? type : "";	/* the callback's, if one comes */
	summary.signature = summary_sig;
	summary.signature_hash = 0;
	summary_sig[0] = 0;
	ksan_port_report_begin();
	return 1;
}

void core_note_signature(const char *text, uint64_t hash)
{
	if (core_thread_get()->in_report != REPORT_OUTER || summary.signature_hash)
		return;
	core_snprintf(summary_sig, sizeof(summary_sig), "%s", text);
	summary.signature_hash = hash;
}

static int report_callback(const struct ksan_report *r)
{
	__atomic_add_fetch(&core_reports, 1, __ATOMIC_RELAXED);
	if (core_thread_get()->in_report == REPORT_OUTER && !summary.detector[0]) {
		summary.detector = r->detector ? r->detector : "";
		summary.bug_type = r->bug_type ? r->bug_type : "";
	}
	return user_fn ? user_fn(r, user_arg) != 0 : 0;
}

void core_report_flush(void)
{
	if (core_rbuf.len)
		ksan_port_write(core_rbuf.p, core_rbuf.len);
	core_rbuf.len = 0;
}

void core_report_cancel(void)
{
	struct core_thread *t = core_thread_get();

	core_rbuf.len = 0;
	if (t->in_report == REPORT_NESTED) {
		end_nested(t);
		return;
	}
	ksan_port_report_end(&summary);
	release(t);
}

void core_report_end(int halt)
{
	struct core_thread *t = core_thread_get();

	core_report_flush();
	if (t->in_report != REPORT_NESTED)
		ksan_port_report_end(&summary);
	if (halt)
		core_halt();
	if (t->in_report == REPORT_NESTED)
		end_nested(t);
	else
		release(t);
}

unsigned long core_report_emitted;

unsigned core_report_layout(void)
{
	unsigned f = (unsigned)core_opt.report_format;

	return f < CORE_FORMATS ? f : FORMAT_KASAN;
}

int core_report_emit_part(const struct ksan_report *r)
{
	__atomic_add_fetch(&core_report_emitted, 1, __ATOMIC_RELAXED);
	return report_callback(r);
}

int core_report_emit(const struct ksan_report *r, const struct core_report_ops *ops,
		     void *ctx, int halt)
{
	void (*print)(void *ctx) = ops->print[core_report_layout()];

	if (r)
		__atomic_add_fetch(&core_report_emitted, 1, __ATOMIC_RELAXED);
	if ((ops->suppressed && ops->suppressed(ctx)) || (r && report_callback(r))) {
		if (ops->done)
			ops->done(ctx);
		core_report_cancel();
		return 0;
	}
	(print ? print : ops->print[FORMAT_KASAN])(ctx);
	if (ops->done)
		ops->done(ctx);
	core_report_end(halt);
	return 1;
}

void core_halt(void)
{
	if (core_opt.abort_on_error)
		ksan_port_abort();
	ksan_port_exit((int)core_opt.exitcode);
}

void core_fatal(const char *msg)
{
	core_printf("ksan: fatal: %s\n", msg);
	ksan_port_exit(1);
}
