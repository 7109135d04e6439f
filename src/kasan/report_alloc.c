/*
 * This file contains generic KASAN's reports of allocations that cannot be
 * made (calloc overflow, bad alignment, too big, out of memory), in the
 * three layouts.
 */
#include "report.h"

/* The impossible allocations: ASan's word (the report's asan_type), the
 * kasan word, the API, and what the two numbers a and b are. */
enum alloc_args { ARGS_SIZE_ALIGN, ARGS_COUNT_SIZE };
struct alloc_failure {
	const char *asan, *kasan, *api;
	enum alloc_args args;
};

static const struct alloc_failure alloc_failures[] = {
	{ "calloc-overflow", "calloc-overflow", "calloc", ARGS_COUNT_SIZE },
	{ "reallocarray-overflow", "reallocarray-overflow", "reallocarray", ARGS_COUNT_SIZE },
	{ "pvalloc-overflow", "pvalloc-overflow", "pvalloc", ARGS_SIZE_ALIGN },
	{ "invalid-aligned-alloc-alignment", "invalid-allocation-alignment", "aligned_alloc",
	  ARGS_SIZE_ALIGN },
	{ "invalid-posix-memalign-alignment", "invalid-allocation-alignment", "posix_memalign",
	  ARGS_SIZE_ALIGN },
	{ "invalid-allocation-alignment", "invalid-allocation-alignment", "memalign",
	  ARGS_SIZE_ALIGN },
	{ "allocation-size-too-big", "allocation-size-too-big", 0, ARGS_SIZE_ALIGN },
	{ "out-of-memory", "out-of-memory", 0, ARGS_SIZE_ALIGN },
};

static const struct alloc_failure *alloc_failure_of(const char *type)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(alloc_failures) - 1; i++)
		if (!core_strcmp(type, alloc_failures[i].asan))
			return &alloc_failures[i];
	return &alloc_failures[ARRAY_SIZE(alloc_failures) - 1];
}

/* ASan's first line of an allocation failure, after "AddressSanitizer: ". */
static void print_alloc_failure_asan(const struct alloc_failure *f, size_t a, size_t b,
				     const char *tw)
{
	unsigned long ua = (unsigned long)a, ub = (unsigned long)b;

	switch (f->asan[0] == 'i' ? f->api[0] : f->asan[0]) {
	case 'c':	/* calloc-overflow */
	case 'r':	/* reallocarray-overflow */
		core_bprintf(&core_rbuf, "%s parameters overflow: count * size (%lu * %lu) cannot be represented in type size_t (thread %s)\n",
			     f->api, ua, ub, tw);
		break;
	case 'p':
		if (f->asan[0] == 'i')
			core_bprintf(&core_rbuf, "invalid alignment requested in posix_memalign: %lu, alignment must be a power of two and a multiple of sizeof(void*) == %lu (thread %s)\n",
				     ub, (unsigned long)sizeof(void *), tw);
		else
			core_bprintf(&core_rbuf, "pvalloc parameters overflow: size 0x%lx rounded up to system page size 0x%lx cannot be represented in type size_t (thread %s)\n",
				     ua, ub, tw);
		break;
	case 'a':
		if (f->asan[0] == 'i') {
			core_bprintf(&core_rbuf, "invalid alignment requested in aligned_alloc: %lu, alignment must be a power of two and the requested size 0x%lx must be a multiple of alignment (thread %s)\n",
				     ub, ua, tw);
		} else {
			/* what the heap would have needed: object, header and
			 * red zone, plus the alignment when it is over 16 */
			unsigned long total = ua + (ub > 16 ? ub : 0) + CORE_SLOT_HEADER + 16;

			core_bprintf(&core_rbuf, "requested allocation size 0x%lx (0x%lx after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x%lx (thread %s)\n",
				     ua, total < ua ? ~0ul : total, (unsigned long)KASAN_MAX_ALLOC, tw);
		}
		break;
	case 'm':
		core_bprintf(&core_rbuf, "invalid allocation alignment: %lu, alignment must be a power of two (thread %s)\n",
			     ub, tw);
		break;
	default:
		core_bprintf(&core_rbuf, "out of memory: allocator is trying to allocate 0x%lx bytes\n",
			     ua);
	}
}

/* The kasan layout's line under "BUG:", before " by task <name>/<tid>". */
static void print_alloc_failure_kasan(const struct alloc_failure *f, size_t a, size_t b)
{
	unsigned long ua = (unsigned long)a, ub = (unsigned long)b;

	if (f->args == ARGS_COUNT_SIZE)
		core_bprintf(&core_rbuf, "%s of %lu elements of %lu bytes overflows", f->api, ua, ub);
	else if (f->asan[0] == 'p')
		core_bprintf(&core_rbuf, "pvalloc of 0x%lx bytes overflows when rounded up to the page size 0x%lx",
			     ua, ub);
	else if (f->asan[0] == 'i')
		core_bprintf(&core_rbuf, "%s of %lu bytes with alignment %lu: not a power of two%s",
			     f->api, ua, ub, f->api[0] == 'p' ? " multiple of 8" : "");
	else if (f->asan[0] == 'a' && ub > 16)
		core_bprintf(&core_rbuf, "Allocation of 0x%lx bytes aligned to 0x%lx exceeds the maximum 0x%lx",
			     ua, ub, (unsigned long)KASAN_MAX_ALLOC);
	else if (f->asan[0] == 'a')
		core_bprintf(&core_rbuf, "Allocation of 0x%lx bytes exceeds the maximum 0x%lx",
			     ua, (unsigned long)KASAN_MAX_ALLOC);
	else
		core_bprintf(&core_rbuf, "Out of memory allocating 0x%lx bytes", ua);
}

/* What the three layouts print from. */
struct alloc_report {
	const struct alloc_failure *f;
	size_t a, b;
	uintptr_t pc, pcs[DEPOT_MAX_FRAMES];
	size_t n;
	int has_entry;
};

static void print_json(void *arg)
{
	const struct alloc_report *x = arg;
	const struct alloc_failure *f = x->f;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"%s\",\"asan_type\":\"%s\","
		     "\"access\":\"alloc\",", f->kasan, f->asan);
	if (f->args == ARGS_COUNT_SIZE)
		core_bprintf(&core_rbuf, "\"size\":%lu,\"count\":%lu", (unsigned long)x->b,
			     (unsigned long)x->a);
	else
		core_bprintf(&core_rbuf, "\"size\":%lu,\"alignment\":%lu", (unsigned long)x->a,
			     (unsigned long)x->b);
	core_bprintf(&core_rbuf, ",\"pc\":\"0x%lx\",\"task\":", (unsigned long)x->pc);
	core_json_str(task);
	core_json_key_frames("stack", x->pcs, x->n, x->has_entry);
	core_report_signature(1, f->kasan, CORE_SIG_NO_ACCESS, x->pcs, x->n, x->has_entry);
	core_bprintf(&core_rbuf, "}\n");
}

static void print_asan(void *arg)
{
	const struct alloc_report *x = arg;
	static struct report_ctx c;	/* guarded by the report lock */
	char tw[48];

	core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: ", ksan_port_pid());
	print_alloc_failure_asan(x->f, x->a, x->b, tw);
	core_print_stack_asan(x->pcs, x->n, x->has_entry);
	core_bprintf(&core_rbuf, "\nHINT: if you don't care about these errors you may set allocator_may_return_null=1\n");
	core_memset(&c, 0, sizeof(c));
	core_memcpy(c.pcs, x->pcs, x->n * sizeof(x->pcs[0]));
	c.npcs = x->n;
	c.has_entry = x->has_entry;
	kasan_print_summary_asan(&c, x->f->asan);
	core_report_signature(0, x->f->kasan, CORE_SIG_NO_ACCESS, x->pcs, x->n, x->has_entry);
	core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
}

static void print_kasan(void *arg)
{
	const struct alloc_report *x = arg;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, BANNER "\n");
	core_print_warning("KASAN", x->f->kasan, x->pc, 1);
	print_alloc_failure_kasan(x->f, x->a, x->b);
	core_bprintf(&core_rbuf, " by task %s\n\nCall Trace:\n", task);
	core_print_stack(x->pcs, x->n, x->has_entry);
	core_bprintf(&core_rbuf, "(set allocator_may_return_null=1 to get NULL instead)\n");
	core_report_signature(0, x->f->kasan, CORE_SIG_NO_ACCESS, x->pcs, x->n, x->has_entry);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static const struct core_report_ops alloc_layouts = {
	.print = { print_kasan, print_asan, print_json },
};

/*
 * An allocation that cannot be made (type: ASan's word, see
 * alloc_failures).  It always ends the process: there is nothing to return.
 */
void kasan_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc,
			uintptr_t fp, uintptr_t entry)
{
	static struct alloc_report x;	/* guarded by the report lock */
	struct ksan_report r;

	if (!core_report_begin(pc, alloc_failure_of(type)->kasan, 0))
		return;
	x.f = alloc_failure_of(type);
	x.a = a;
	x.b = b;
	x.pc = pc;
	x.n = core_capture_stack(x.pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	x.has_entry = entry != 0;
	core_memset(&r, 0, sizeof(r));
	r.detector = "KASAN";
	r.bug_type = x.f->kasan;
	r.asan_type = x.f->asan;
	r.size = x.f->args == ARGS_COUNT_SIZE ? b : a;
	r.pc = pc;
	core_report_emit(&r, &alloc_layouts, &x, 1);
}
