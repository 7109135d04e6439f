/*
 * This file contains KCSAN's reports in ThreadSanitizer's words
 * (report_format=asan), so that tools written for TSan read them:
 *
 *   ==================
 *   WARNING: ThreadSanitizer: data race (pid=4241)
 *     Write of size 4 at 0x55d0c4a3c010 by thread T1:
 *       #0 0x55d0c4a01234 in writer race.c:7:5
 *       ...
 *
 *     Previous read of size 4 at 0x55d0c4a3c010 by main thread:
 *       #0 0x55d0c4a01300 in reader race.c:12:10
 *       ...
 *
 *     Value changed: 0x00000000 -> 0x0000002a
 *
 *     Thread T1 (tid=4242, running) created by main thread at:
 *       #0 0x7f... in pthread_create
 *       #1 0x55d0c4a01400 in main race.c:20:3
 *
 *   SUMMARY: ThreadSanitizer: data race race.c:7:5 in writer
 *   ==================
 *
 * "Previous" is the watcher: its access came first and was still under
 * way (stalled on its watchpoint) when the other one ran into it.
 */
#include "report.h"

#define BANNER "=================="

/*
 * TSan's words for a thread: "main thread", "thread T1" (the port's
 * creation sequence; its tid when the port did not see it created).  TSan
 * names a thread only in its "Thread T1 'worker'" section, so not
 * core_thread_word's "T1 (worker)" here.
 */
static const char *who(uint32_t tid, char *buf, size_t len)
{
	struct ksan_thread_info ti;

	if (ksan_port_thread_info(tid, &ti))
		core_snprintf(buf, len, "thread T%u", (unsigned)tid);
	else if (ti.seq == 0)
		return "main thread";
	else
		core_snprintf(buf, len, "thread T%u", (unsigned)ti.seq);
	return buf;
}

/* "write", "atomic read", "assert no writes" (KSAN_ASSERT_EXCLUSIVE_*,
 * which TSan does not have: the kernel's words) */
static const char *tsan_word(int type)
{
	if (type & KCSAN_ACCESS_ASSERT)
		return kcsan_access_word(type);
	if (type & KCSAN_ACCESS_ATOMIC)
		return type & KCSAN_ACCESS_WRITE ? "atomic write" : "atomic read";
	return type & KCSAN_ACCESS_WRITE ? "write" : "read";
}

static void print_access(const struct kcsan_access *a, int previous)
{
	const char *w = tsan_word(a->type);
	const uintptr_t *pcs;
	size_t n = kcsan_access_stack(a, &pcs);
	char buf[64];

	if (previous)
		core_bprintf(&core_rbuf, "  Previous %s", w);
	else	/* TSan's first word is capitalised */
		core_bprintf(&core_rbuf, "  %c%s", w[0] - 'a' + 'A', w + 1);
	core_bprintf(&core_rbuf, " of size %lu at 0x%lx by %s%s:\n", (unsigned long)a->size,
		     (unsigned long)a->ptr, who(a->tid, buf, sizeof(buf)),
		     a->interrupt ? " in a signal handler" : "");
	/* TSan's stacks end at the thread's start routine (or main): its own
	 * frames only, which ClusterFuzz's crash state is made of */
	core_print_stack_asan(pcs, core_stack_thread_len(pcs, n, 0), 0);
	core_bprintf(&core_rbuf, "\n");
}

/* TSan's "Thread T1 (tid=..., running) created by main thread at:" for
 * each thread of the report whose creation the port saw. */
static void print_threads(const struct kcsan_rctx *c)
{
	unsigned i;

	for (i = 0; i < c->n; i++) {
		struct ksan_thread_info ti, main_ti;
		uint32_t tid = c->a[i]->tid;
		const uintptr_t *pcs;
		size_t n;
		char pw[64];

		if (i && tid == c->a[0]->tid)
			continue;
		if (ksan_port_thread_info(tid, &ti) || !ti.seq || !ti.create_stack)
			continue;
		core_bprintf(&core_rbuf, "  Thread T%u", (unsigned)ti.seq);
		/* a name of its own (pthread_setname_np), not the one every
		 * thread inherits from the process */
		if (ti.name[0] && !ksan_port_thread_info(ksan_port_pid(), &main_ti) &&
		    core_strcmp(ti.name, main_ti.name))
			core_bprintf(&core_rbuf, " '%s'", ti.name);
		/* both sides are live: the watcher stalls, the other just ran */
		core_bprintf(&core_rbuf, " (tid=%u, running) created by %s at:\n", (unsigned)tid,
			     ti.parent ? who(ti.parent, pw, sizeof(pw)) : "an unknown thread");
		/* pthread_create first, down to main as TSan's */
		n = core_depot_fetch(ti.create_stack, &pcs);
		core_print_stack_asan(pcs, core_stack_thread_len(pcs, n, 1), 1);
		core_bprintf(&core_rbuf, "\n");
	}
}

/* "  Value changed: 0x00 -> 0x2a" with EXCLUSIVE_BITS' mask, no newline */
static void print_value(const struct kcsan_value *v, size_t size, uint64_t diff)
{
	int w = kcsan_hex_len(size);

	if (ksan_port_secure()) {	/* the program's data: not for the user */
		core_bprintf(&core_rbuf, "  Value changed: (contents withheld in secure mode)");
		return;
	}
	core_bprintf(&core_rbuf, "  Value changed: 0x%0*llx -> 0x%0*llx", w,
		     (unsigned long long)v->old, w, (unsigned long long)v->new);
	if (v->mask)
		core_bprintf(&core_rbuf, " (bits changed: 0x%0*llx with mask 0x%0*llx)", w,
			     (unsigned long long)diff, w, (unsigned long long)v->mask);
}

void kcsan_print_asan(const struct kcsan_rctx *c)
{
	const struct kcsan_access *f = c->a[0];
	struct ksan_symbol syms[CORE_INLINE_MAX];
	const uintptr_t *pcs;
	uint64_t diff;
	int changed = kcsan_value_changed(c->v, &diff);

	core_bprintf(&core_rbuf, BANNER "\nWARNING: ThreadSanitizer: data race (pid=%d)\n",
		     ksan_port_pid());
	print_access(f, 0);
	if (c->n == 2) {
		print_access(c->a[1], 1);
		if (changed) {
			print_value(c->v, f->size, diff);
			core_bprintf(&core_rbuf, "\n\n");
		}
	} else {
		/* nothing ran into the watchpoint: the value changed under it
		 * all the same */
		if (changed)
			print_value(c->v, f->size, diff);
		else
			core_bprintf(&core_rbuf, "  The value changed");
		core_bprintf(&core_rbuf, " while this access was watched.\n"
			     "  No other access to it was seen: its writer is not instrumented (the C library,\n"
			     "  the kernel, another process) or not checked (KSAN_DATA_RACE).\n\n");
	}
	print_threads(c);
	/* frame #0 as TSan names it: in inlined code, the inlined function
	 * with its own file:line:column */
	kcsan_access_stack(f, &pcs);
	core_memset(syms, 0, sizeof(syms));
	ksan_port_symbolize_frames(pcs[0], 1, syms, CORE_INLINE_MAX);
	core_bprintf(&core_rbuf, "SUMMARY: ThreadSanitizer: data race");
	if (syms[0].file) {
		core_bprintf(&core_rbuf, " %s:%u", core_file(syms[0].file), syms[0].line);
		if (syms[0].column)
			core_bprintf(&core_rbuf, ":%u", syms[0].column);
	}
	core_bprintf(&core_rbuf, " in %s\n", syms[0].function ? syms[0].function : "??");
	kcsan_print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}
