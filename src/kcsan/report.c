/*
 * This file contains KCSAN's reports: the filters a race goes through before
 * anything is printed (the rate limit per pair of top frames, the user's
 * callback) and the kernel's layout (kernel/kcsan/report.c):
 *
 *   ==================================================================
 *   BUG: KCSAN: data-race in reader / writer
 *
 *   write to 0x55d0c4a3c010 of 4 bytes by task 4242 on cpu 3:
 *    writer+0x1d/0x40 race.c:7
 *    ...
 *
 *   read to 0x55d0c4a3c010 of 4 bytes by task 4241 on cpu 1:
 *    reader+0x19/0x30 race.c:12
 *    ...
 *
 *   value changed: 0x00000000 -> 0x0000002a
 *
 *   Reported by Kernel Concurrency Sanitizer on:
 *   task race/4241 on cpu 1
 *   ==================================================================
 *
 * The access that ran into the watchpoint comes first, the watcher (which
 * set it up and stalled) second.  A race of unknown origin has one access:
 * "race at unknown origin, with read to ...".  The asan and json layouts
 * are in report_asan.c and report_json.c.
 */
#include "report.h"

#define BANNER "=================================================================="

/* ---- rate limit ------------------------------------------------------- */
/*
 * A pair of top frames is reported at most once per kcsan_report_once_ms,
 * as the kernel's rate_limit_report: a fixed table of one page of entries
 * (no allocation: the program's allocator may be what races), the oldest
 * replaced when it is full.  Guarded by the report lock: it is consulted
 * after core_report_begin.  The one report that may nest on the lock's
 * holder (a signal handler on its thread) skips the table while the
 * interrupted report is inside it (rl_busy) and is reported.
 */
struct report_time {
	uint64_t time;		/* ksan_port_time_ns() of the report, 0 = free */
	uintptr_t hi, lo;	/* the two ips, larger first; unknown origin (ip, 0) */
};
#define REPORT_TIMES (4096 / sizeof(struct report_time))
static struct report_time report_times[REPORT_TIMES];
static int rl_busy;

static int rate_limited(uintptr_t a, uintptr_t b)
{
	unsigned long ms = core_opt.kcsan_report_once_ms;
	uintptr_t hi = a > b ? a : b, lo = a > b ? b : a;
	struct report_time *use = &report_times[0];
	uint64_t now, window;
	unsigned i;

	if (!ms || rl_busy)
		return 0;
	rl_busy = 1;
	/* past about 213 days the window is simply "ever" */
	window = ms > (~0ull >> 1) / 1000000 ? ~0ull >> 1 : (uint64_t)ms * 1000000;
	now = ksan_port_time_ns() | 1;	/* never 0: that marks a free entry */
	for (i = 0; i < REPORT_TIMES; i++) {
		struct report_time *rt = &report_times[i];

		if (rt->time < use->time)
			use = rt;
		if (!rt->time)
			break;	/* this one and the rest were never used */
		if (rt->hi != hi || rt->lo != lo)
			continue;
		if (now - rt->time < window) {
			rl_busy = 0;
			return 1;
		}
		use = rt;	/* expired: this pair's entry is renewed */
		break;
	}
	use->time = now;
	use->hi = hi;
	use->lo = lo;
	rl_busy = 0;
	return 0;
}

/* ---- helpers every layout uses --------------------------------------- */
const char *kcsan_access_word(int type)
{
	if (type & KCSAN_ACCESS_ASSERT)
		return type & KCSAN_ACCESS_WRITE ? "assert no accesses" : "assert no writes";
	switch (type & (KCSAN_ACCESS_WRITE | KCSAN_ACCESS_COMPOUND | KCSAN_ACCESS_ATOMIC)) {
	case KCSAN_ACCESS_ATOMIC:
	case KCSAN_ACCESS_COMPOUND | KCSAN_ACCESS_ATOMIC:
		return "read (marked)";
	case KCSAN_ACCESS_WRITE:
		return "write";
	case KCSAN_ACCESS_WRITE | KCSAN_ACCESS_ATOMIC:
		return "write (marked)";
	case KCSAN_ACCESS_COMPOUND | KCSAN_ACCESS_WRITE:
		return "read-write";
	case KCSAN_ACCESS_COMPOUND | KCSAN_ACCESS_WRITE | KCSAN_ACCESS_ATOMIC:
		return "read-write (marked)";
	default:		/* plain read, or a compound one that does not write */
		return "read";
	}
}

size_t kcsan_access_stack(const struct kcsan_access *a, const uintptr_t **pcs)
{
	size_t n = a->stack ? core_depot_fetch(a->stack, pcs) : 0;

	if (!n) {
		*pcs = &a->ip;
		n = 1;
	}
	return n;
}

int kcsan_value_changed(const struct kcsan_value *v, uint64_t *diff)
{
	if (!v || !v->known)
		return 0;
	*diff = v->old ^ v->new;
	if (v->mask)
		*diff &= v->mask;
	return *diff != 0;
}

/* The function an ip returns into, by name alone ("0x..." if unknown). */
static void function_name(uintptr_t ip, char *buf, size_t len)
{
	struct ksan_symbol s;

	core_memset(&s, 0, sizeof(s));
	if (!ksan_port_symbolize(ip, 1, &s) && s.function)
		core_snprintf(buf, len, "%s", s.function);
	else
		core_snprintf(buf, len, "0x%lx", (unsigned long)ip);
}

void kcsan_report_title(const struct kcsan_rctx *c, char *buf, size_t len)
{
	char f[128], g[128];

	if (c->n < 2) {
		core_format_function(buf, len, c->a[0]->ip, 1);
		return;
	}
	function_name(c->a[0]->ip, f, sizeof(f));
	function_name(c->a[1]->ip, g, sizeof(g));
	if (core_strcmp(f, g) <= 0)
		core_snprintf(buf, len, "%s / %s", f, g);
	else
		core_snprintf(buf, len, "%s / %s", g, f);
}

void kcsan_print_signature(const struct kcsan_rctx *c, int json)
{
	struct core_sig_stack st[2];
	struct core_sig s;
	unsigned i;

	for (i = 0; i < c->n; i++) {
		st[i].n = kcsan_access_stack(c->a[i], &st[i].pcs);
		st[i].first_is_entry = 0;
	}
	core_signature(&s, c->bug, CORE_SIG_NO_ACCESS, st, c->n);
	if (json)
		core_json_signature(&s);
	else
		core_print_signature(&s);
}

/* ---- kernel layout ----------------------------------------------------- */
static void print_access_kernel(const struct kcsan_access *a, const char *prefix)
{
	const uintptr_t *pcs;
	size_t n = kcsan_access_stack(a, &pcs);

	core_bprintf(&core_rbuf, "%s%s to 0x%lx of %lu bytes by ", prefix,
		     kcsan_access_word(a->type), (unsigned long)a->ptr, (unsigned long)a->size);
	if (a->interrupt)
		core_bprintf(&core_rbuf, "interrupt");
	else
		core_bprintf(&core_rbuf, "task %u", (unsigned)a->tid);
	if (a->cpu >= 0)
		core_bprintf(&core_rbuf, " on cpu %d", a->cpu);
	core_bprintf(&core_rbuf, ":\n");
	core_print_stack(pcs, n, 0);
}

static void print_kernel(const struct kcsan_rctx *c, const char *in)
{
	const struct kcsan_value *v = c->v;
	char task[64];
	uint64_t diff;
	int cpu = ksan_port_cpu_id();

	core_bprintf(&core_rbuf, BANNER "\nBUG: KCSAN: %s in %s\n\n", c->bug, in);
	if (c->n == 2) {
		print_access_kernel(c->a[0], "");
		core_bprintf(&core_rbuf, "\n");
		print_access_kernel(c->a[1], "");
	} else {
		print_access_kernel(c->a[0], "race at unknown origin, with ");
	}
	if (!kcsan_value_changed(v, &diff)) {
		/* nothing to show */
	} else if (ksan_port_secure()) {	/* the program's data, not the user's */
		core_bprintf(&core_rbuf, "\nvalue changed: (contents withheld in secure mode)\n");
	} else {
		int w = kcsan_hex_len(c->a[0]->size);

		core_bprintf(&core_rbuf, "\nvalue changed: 0x%0*llx -> 0x%0*llx\n",
			     w, (unsigned long long)v->old, w, (unsigned long long)v->new);
		if (v->mask)
			core_bprintf(&core_rbuf, " bits changed: 0x%0*llx with mask 0x%0*llx\n",
				     w, (unsigned long long)diff, w, (unsigned long long)v->mask);
	}
	/* the kernel's dump_stack_print_info: "CPU: 1 PID: 15 Comm: name" */
	ksan_port_thread_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "\nReported by Kernel Concurrency Sanitizer on:\n");
	if (cpu >= 0)
		core_bprintf(&core_rbuf, "CPU: %d ", cpu);
	core_bprintf(&core_rbuf, "PID: %u Comm: %s\n", (unsigned)ksan_port_thread_id(),
		     task[0] ? task : "?");
	kcsan_print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static void print_kasan(void *arg)
{
	const struct kcsan_rctx *c = arg;
	char in[300];

	kcsan_report_title(c, in, sizeof(in));
	print_kernel(c, in);
}

static void print_asan(void *c)
{
	kcsan_print_asan(c);
}

static void print_json(void *c)
{
	kcsan_print_json(c);
}

/* KCSAN's rate limit, a window per pair of top frames, as the report's
 * suppression: a report inside the window is dropped. */
static int limited(void *arg)
{
	const struct kcsan_rctx *c = arg;

	return rate_limited(c->a[0]->ip, c->n == 2 ? c->a[1]->ip : 0);
}

static const struct core_report_ops kcsan_layouts = {
	.suppressed = limited,
	.print = { print_kasan, print_asan, print_json },
};

/* ---- the report ------------------------------------------------------- */
static void report(const struct kcsan_rctx *c)
{
	const struct kcsan_access *f = c->a[0];
	uintptr_t other_ip = c->n == 2 ? c->a[1]->ip : 0;
	int halt = core_opt.halt_on_error > 0;	/* KCSAN's default: go on */
	struct ksan_report r;

	/* the engine's own deduplication is permanent: the rate limit
	 * (kcsan_layouts' suppression) is KCSAN's, a window per pair of top
	 * frames */
	if (!core_report_begin(f->ip, c->bug, 0))
		return;
	core_memset(&r, 0, sizeof(r));
	r.detector = "KCSAN";
	r.bug_type = c->bug;
	r.asan_type = "data race";
	r.kind = KSAN_BUG_RACE;
	r.addr = f->ptr;
	r.size = f->size;
	r.access = f->type & KCSAN_ACCESS_WRITE ? KSAN_WRITE : KSAN_READ;
	r.pc = f->ip;
	r.other_pc = other_ip;
	core_report_emit(&r, &kcsan_layouts, (void *)c, halt);
}

void kcsan_report_known(const struct kcsan_access *watcher, const struct kcsan_access *other,
			const struct kcsan_value *v)
{
	struct kcsan_rctx c = { { other, watcher }, 2, v, "data-race" };

	if ((watcher->type | other->type) & KCSAN_ACCESS_ASSERT)
		c.bug = "assert: race";
	report(&c);
}

void kcsan_report_unknown(const struct kcsan_access *watcher, const struct kcsan_value *v)
{
	struct kcsan_rctx c = { { watcher, 0 }, 1, v, "data-race" };

	if (watcher->type & KCSAN_ACCESS_ASSERT)
		c.bug = "assert: race";
	report(&c);
}
