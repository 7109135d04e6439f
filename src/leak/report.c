/*
 * This file contains the leak detector's reports in the three layouts:
 * kmemleak's (kasan: one report per leak, "unreferenced object 0x... (size
 * N):", its task, a hex dump of its first bytes and the "backtrace:" of its
 * allocation), LeakSanitizer's (asan: one report for all, "Direct leak of N
 * byte(s) in M object(s) allocated from:" and the SUMMARY line) and JSON
 * (one object per leak).  Every leak goes to the report callback first.
 */
#include "leak.h"

static const char *word(const struct leak *l)
{
	return l->direct ? "Direct leak" : "Indirect leak";
}

/* The C library functions the runtime provides that allocate for their
 * caller: a leak of their result is their caller's. */
static const char *const allocating[] = {
	"strdup", "__strdup", "strndup", "__strndup", "wcsdup", "getline",
	"getdelim", "__getdelim", "own_getdelim", "asprintf", "__asprintf",
	"vasprintf", "__vasprintf", "own_vasprintf",
};

static int is_allocating(const char *fn)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(allocating); i++)
		if (!core_strcmp(fn, allocating[i]))
			return 1;
	return 0;
}

/* The function that called the allocator (the first frame after its
 * entry point and after the runtime's strdup, getline, asprintf...), for
 * the kasan title and the json key. */
static void leak_function(const struct leak *l, char *buf, size_t len)
{
	const uintptr_t *pcs;
	struct ksan_symbol s;
	size_t n = core_depot_fetch(l->stack, &pcs), i;

	for (i = 1; i < n; i++) {
		core_memset(&s, 0, sizeof(s));
		if (ksan_port_symbolize(pcs[i], 1, &s) || !s.function) {
			core_snprintf(buf, len, "0x%lx", (unsigned long)pcs[i]);
			return;
		}
		if (i + 1 == n || !is_allocating(s.function)) {
			core_snprintf(buf, len, "%s", s.function);
			return;
		}
	}
	core_snprintf(buf, len, "?");
}

/* One signature per leak, from its allocation stack (the allocator's
 * entry point first), the same in every layout. */
static void print_signature(const struct leak *l, int json)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(l->stack, &pcs);

	core_report_signature(json, "memory-leak", CORE_SIG_NO_ACCESS, pcs, n, 1);
}

static void fill(struct ksan_report *r, const struct leak *l)
{
	const uintptr_t *pcs;

	core_memset(r, 0, sizeof(*r));
	r->detector = "KMEMLEAK";
	r->bug_type = "memory-leak";
	r->asan_type = word(l);
	r->addr = l->first;
	r->size = l->bytes;
	r->access = KSAN_READ;
	r->pc = core_depot_fetch(l->stack, &pcs) >= 2 ? pcs[1] : 0;
	r->object = l->first;
	r->object_size = l->first_size;
	r->kind = KSAN_BUG_LEAK;
}

/* ---- kasan: kmemleak's layout --------------------------------------- */

static void hex_dump(const struct leak *l)
{
	size_t n = l->first_size < LEAK_DUMP ? l->first_size : LEAK_DUMP, i, j;

	if (ksan_port_secure()) {	/* the reader may not own these bytes */
		core_bprintf(&core_rbuf, "  hex dump (first %zu bytes): (contents withheld in secure mode)\n", n);
		return;
	}
	core_bprintf(&core_rbuf, "  hex dump (first %zu bytes):\n", n);
	for (i = 0; i < n; i += 16) {
		core_bprintf(&core_rbuf, "   ");
		for (j = i; j < i + 16 && j < n; j++)
			core_bprintf(&core_rbuf, " %02x", l->dump[j]);
		for (; j < i + 16; j++)
			core_bprintf(&core_rbuf, "   ");
		core_bprintf(&core_rbuf, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			core_bprintf(&core_rbuf, "%c", l->dump[j] >= 0x20 && l->dump[j] < 0x7f ?
				     l->dump[j] : '.');
		core_bprintf(&core_rbuf, "\n");
	}
}

/* "    [<pc>] fn+0x1a/0x40 file:line", inlined functions first; frame 0
 * is the allocator's entry point. */
static void backtrace(uint32_t stack)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(stack, &pcs);

	core_bprintf(&core_rbuf, "  backtrace:\n");
	core_print_frames(pcs, n, 1, 1);
}

static void print_kasan(const struct leak *l)
{
	struct ksan_thread_info ti;
	char fn[128];

	leak_function(l, fn, sizeof(fn));
	if (ksan_port_thread_info(l->first_tid, &ti))
		core_memset(&ti, 0, sizeof(ti));
	/* the kernel's header, word for word: syzkaller's "BUG: memory leak"
	 * format titles it "memory leak in <fn>" (from the backtrace, past the
	 * allocator's frames) and types it LEAK; the function ksan blames
	 * stays on the summary line */
	core_bprintf(&core_rbuf, CORE_BANNER "\nBUG: memory leak\n"
		     "unreferenced object 0x%lx (size %zu):\n  comm \"%s\", pid %u\n",
		     (unsigned long)l->first, l->first_size, ti.name[0] ? ti.name : "?",
		     (unsigned)l->first_tid);
	hex_dump(l);
	backtrace(l->stack);
	core_bprintf(&core_rbuf, "  %s in %s: %zu object(s), %zu byte(s) allocated from this backtrace%s\n",
		     l->direct ? "direct leak" : "indirect leak", fn, l->count, l->bytes,
		     l->direct ? "" : " (only leaked objects point to them)");
	print_signature(l, 0);
	core_bprintf(&core_rbuf, CORE_BANNER "\n");
}

/* ---- json ------------------------------------------------------------ */

static void print_json(const struct leak *l)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(l->stack, &pcs);
	char fn[128];

	leak_function(l, fn, sizeof(fn));
	core_bprintf(&core_rbuf, "{\"detector\":\"KMEMLEAK\",\"type\":\"memory-leak\","
		     "\"asan_type\":\"%s\",\"leak\":\"%s\",\"function\":", word(l),
		     l->direct ? "direct" : "indirect");
	core_json_str(fn);
	core_bprintf(&core_rbuf, ",\"objects\":%zu,\"bytes\":%zu,\"pid\":%d,"
		     "\"object\":{\"start\":\"0x%lx\",\"size\":%zu,\"alloc_task\":%u},"
		     "\"alloc_stack\":", l->count, l->bytes, ksan_port_pid(),
		     (unsigned long)l->first, l->first_size, (unsigned)l->first_tid);
	core_json_frames(pcs, n, 1);
	print_signature(l, 1);
	core_bprintf(&core_rbuf, "}\n");
}

/* ---- the reports ------------------------------------------------------- */

static void print_kasan_layout(void *l)
{
	print_kasan(l);
}

static void print_json_layout(void *l)
{
	print_json(l);
}

/* kmemleak's and JSON's: one report per leak (the asan layout groups them
 * all in one report: report_asan). */
static const struct core_report_ops each_layouts = {
	.print = { print_kasan_layout, print_kasan_layout, print_json_layout },
};

/* kasan and json: one report per leak. */
static size_t report_each(struct leak *leaks, size_t n)
{
	size_t i, objects = 0;

	for (i = 0; i < n; i++) {
		struct leak *l = &leaks[i];
		struct ksan_report r;

		fill(&r, l);
		if (!core_report_begin(r.pc, "memory-leak", 0))
			continue;
		l->handled = !core_report_emit(&r, &each_layouts, l, 0);
		if (!l->handled)
			objects += l->count;
	}
	return objects;
}

/* LeakSanitizer's one report for all leaks, its callbacks made. */
struct lsan_report {
	struct leak *leaks;
	size_t n, omitted, omitted_bytes, objects, bytes, shown;
};

static void print_lsan(void *arg)
{
	struct lsan_report *x = arg;
	struct leak *leaks = x->leaks;
	size_t i;

	if (x->shown) {
		core_bprintf(&core_rbuf, "\n" CORE_ASAN_BANNER "\n==%d==ERROR: LeakSanitizer: "
			     "detected memory leaks\n\n", ksan_port_pid());
		if (x->omitted)
			core_bprintf(&core_rbuf, "Too many leaks! Only the first %zu leaks "
				     "encountered will be reported.\n", x->n);
		for (i = 0; i < x->n; i++) {
			const uintptr_t *pcs;
			size_t np;

			if (leaks[i].handled)
				continue;
			np = core_depot_fetch(leaks[i].stack, &pcs);
			core_bprintf(&core_rbuf, "%s of %zu byte(s) in %zu object(s) allocated from:\n",
				     word(&leaks[i]), leaks[i].bytes, leaks[i].count);
			core_print_stack_asan(pcs, np, 1);
			print_signature(&leaks[i], 0);
			core_bprintf(&core_rbuf, "\n");
			core_report_flush();
		}
	}
	leak_print_suppressions(1);
	if (x->shown) {
		x->objects += x->omitted;
		x->bytes += x->omitted_bytes;
		core_bprintf(&core_rbuf, "SUMMARY: AddressSanitizer: %zu byte(s) leaked in %zu "
			     "allocation(s).\n", x->bytes, x->objects);
	}
}

static const struct core_report_ops lsan_layouts = {
	.print = { print_lsan, print_lsan, print_lsan },
};

/* asan: LeakSanitizer's one report. */
static size_t report_asan(struct leak *leaks, size_t n, size_t omitted,
			  size_t omitted_bytes)
{
	struct lsan_report x = { leaks, n, omitted, omitted_bytes, 0, 0, 0 };
	size_t i;

	if (!core_report_begin(0, "memory-leak", 0))
		return 0;
	for (i = 0; i < n; i++) {
		struct ksan_report r;

		fill(&r, &leaks[i]);
		leaks[i].handled = core_report_emit_part(&r) != 0;
		if (!leaks[i].handled) {
			x.objects += leaks[i].count;
			x.bytes += leaks[i].bytes;
			x.shown++;
		}
	}
	core_report_emit(0, &lsan_layouts, &x, 0);
	return x.objects;
}

/* kmemleak's closing line, and what was suppressed or left out. */
struct kmemleak_tail {
	size_t n, objects, omitted, omitted_bytes;
};

static void print_kmemleak_tail(void *arg)
{
	const struct kmemleak_tail *t = arg;

	leak_print_suppressions(0);
	if (t->omitted)
		core_bprintf(&core_rbuf, "kmemleak: %zu more object(s), %zu byte(s), "
			     "from more than %zu backtraces not shown\n", t->omitted,
			     t->omitted_bytes, t->n);
	if (t->objects + t->omitted)
		core_bprintf(&core_rbuf, "kmemleak: %zu new suspected memory leaks\n",
			     t->objects + t->omitted);
}

static const struct core_report_ops kmemleak_tail_layouts = {
	.print = { print_kmemleak_tail },
};

static size_t report_kmemleak(struct leak *leaks, size_t n, size_t omitted,
			      size_t omitted_bytes)
{
	struct kmemleak_tail t = { n, report_each(leaks, n), omitted, omitted_bytes };

	if (core_report_begin(0, "memory-leak", 0))
		core_report_emit(0, &kmemleak_tail_layouts, &t, 0);
	return t.objects + omitted;
}

static size_t report_json(struct leak *leaks, size_t n, size_t omitted,
			  size_t omitted_bytes)
{
	return report_each(leaks, n) + omitted;
}

size_t leak_report(struct leak *leaks, size_t n, size_t omitted, size_t omitted_bytes)
{
	/* the layout chooses the grouping: a report per leak, or one */
	static size_t (*const report_in[CORE_FORMATS])(struct leak *, size_t, size_t, size_t) = {
		report_kmemleak, report_asan, report_json,
	};

	return report_in[core_report_layout()](leaks, n, omitted, omitted_bytes);
}
