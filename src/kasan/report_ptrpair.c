/*
 * This file contains generic KASAN's invalid-pointer-pair report (two
 * pointers into different objects compared or subtracted, ptrpair.c) in
 * the three layouts: the call, then each pointer described as a bad
 * access's address is (heap object, global, stack frame).
 */
#include "report.h"

static const char *const op_word[] = { "Comparison", "Subtraction" };
static const char *const op_json[] = { "compare", "subtract" };
static const char *const ordinal[] = { "First", "Second" };

/* An object of a pool heap of the registry (a KFENCE-sampled object,
 * --ksan=kasan,kfence: the cache "kfence-#<slot>" whose size is the
 * slot's, a page) as a heap object. */
static int pool_object(struct report_ctx *c, uintptr_t a)
{
	static struct core_heap_object o;	/* guarded by the report lock */
	const struct core_heap *h = core_heap_pool_of(a);

	if (!h || !h->find || !h->find(a, &o))
		return 0;
	c->obj.start = o.start;
	c->obj.size = o.size;
	c->obj.cache_size = o.cache_size;
	c->obj.cache = o.cache;
	c->obj.live = o.live;
	c->obj.freed = o.freed;
	c->obj.large = 0;
	c->obj.alloc_stack = o.alloc_stack;
	c->obj.alloc_tid = o.alloc_tid;
	c->obj.free_stack = o.free_stack;
	c->obj.free_tid = o.free_tid;
	return 1;
}

/* What c describes: a's heap object, else its global or stack frame;
 * else 1 if a is in a thread's stack (outside an instrumented frame's
 * variables: an alloca, a frame not instrumented), with c->stack_*. */
static int gather(struct report_ctx *c, uintptr_t a)
{
	c->has_obj = c->has_global = c->has_frame = 0;
	c->stack_tid = 0;
	c->stack_task[0] = 0;
	c->r.addr = a;
	c->first_bad = a;
	if (!kasan_has_shadow(a))
		return 0;
	c->has_obj = pool_object(c, a) || kasan_find_object(a, &c->obj);
	if (!c->has_obj)
		kasan_locate(c, a);
	return !c->has_obj && !c->has_global && !c->has_frame &&
	       !ksan_port_stack_owner(a, &c->stack_tid, c->stack_task, sizeof(c->stack_task));
}

static void describe_kasan(struct report_ctx *c, int i, uintptr_t a)
{
	int stack = gather(c, a);

	core_bprintf(&core_rbuf, "%s pointer 0x%lx:\n", ordinal[i], (unsigned long)a);
	if (c->has_obj)
		kasan_print_object(c);
	else if (c->has_global || c->has_frame)
		kasan_print_location(c);
	else if (stack)
		core_bprintf(&core_rbuf, "The address belongs to stack of task %s/%u\n"
			     " outside the variables of an instrumented frame\n\n",
			     c->stack_task[0] ? c->stack_task : "?", (unsigned)c->stack_tid);
	else
		core_bprintf(&core_rbuf, "The address belongs to no object KASAN knows of\n\n");
}

static void describe_asan(struct report_ctx *c, uintptr_t a)
{
	int stack = gather(c, a);
	char tw[48];

	if (c->has_obj) {
		kasan_print_object_asan(c, a);
		return;
	}
	if (c->has_global || c->has_frame)
		kasan_print_location_asan(c);
	else if (stack)
		core_bprintf(&core_rbuf, "Address 0x%lx is located in stack of thread %s\n",
			     (unsigned long)a, core_thread_word(c->stack_tid, tw, sizeof(tw)));
	else
		core_bprintf(&core_rbuf, "AddressSanitizer can not describe address in more detail "
			     "(wild memory access suspected).\n");
	core_bprintf(&core_rbuf, "\n");
}

/* What the three layouts print from: the pair and the context. */
struct pair {
	struct report_ctx *c;
	uintptr_t a, b;
	enum kasan_pair_op op;
	int halt;
};

static void print_kasan(void *arg)
{
	const struct pair *p = arg;
	struct report_ctx *c = p->c;
	uintptr_t a = p->a, b = p->b;
	enum kasan_pair_op op = p->op;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, BANNER "\n");
	core_print_warning("KASAN", "invalid-pointer-pair", c->r.pc, 1);
	core_bprintf(&core_rbuf, "%s of 0x%lx and 0x%lx by task %s\n", op_word[op],
		     (unsigned long)a, (unsigned long)b, task);
	core_print_call_trace(c->pcs, c->npcs, c->has_entry);
	kasan_print_origins(c, 0);
	describe_kasan(c, 0, a);
	describe_kasan(c, 1, b);
	kasan_print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static void print_asan(void *arg)
{
	const struct pair *p = arg;
	struct report_ctx *c = p->c;
	uintptr_t a = p->a, b = p->b;
	int halt = p->halt;

	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: "
		     "invalid-pointer-pair: 0x%lx 0x%lx\n", ksan_port_pid(), (unsigned long)a,
		     (unsigned long)b);
	core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	describe_asan(c, a);
	describe_asan(c, b);
	kasan_print_origins(c, 1);
	kasan_print_summary_asan(c, "invalid-pointer-pair");
	kasan_print_signature(c, 0);
	if (halt)
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
}

static void print_json(void *arg)
{
	const struct pair *x = arg;
	struct report_ctx *c = x->c;
	uintptr_t a = x->a, b = x->b, p[2] = { x->a, x->b };
	enum kasan_pair_op op = x->op;
	char task[64];
	int i;

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"invalid-pointer-pair\","
		     "\"asan_type\":\"invalid-pointer-pair\",\"access\":\"%s\","
		     "\"address\":\"0x%lx\",\"address2\":\"0x%lx\",\"size\":0,\"pc\":\"0x%lx\","
		     "\"task\":", op_json[op], (unsigned long)a, (unsigned long)b,
		     (unsigned long)c->r.pc);
	core_json_str(task);
	core_json_key_frames("stack", c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, ",\"pointers\":[");
	for (i = 0; i < 2; i++) {
		gather(c, p[i]);
		core_bprintf(&core_rbuf, "%s{\"address\":\"0x%lx\"", i ? "," : "",
			     (unsigned long)p[i]);
		kasan_print_json_where(c);
		core_bprintf(&core_rbuf, "}");
	}
	core_bprintf(&core_rbuf, "]");
	kasan_print_signature(c, 1);
	core_bprintf(&core_rbuf, "}\n");
}

static const struct core_report_ops pair_layouts = {
	.print = { print_kasan, print_asan, print_json },
};

/*
 * Pointers a and b (in the program's order) are not a valid pair.  Each
 * distinct (pc, caller) is reported once when the program goes on: a
 * helper that compares its arguments is one bug per call site.
 */
void kasan_report_ptrpair(uintptr_t a, uintptr_t b, enum kasan_pair_op op, uintptr_t pc,
			  uintptr_t fp)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t n = core_capture_stack(pcs, DEPOT_MAX_FRAMES, pc, fp, 0);
	int halt = kasan_halt();

	if (!core_report_begin_key(pc, "invalid-pointer-pair", n > 1 ? pcs[1] : 0, !halt))
		return;
	core_memset(c, 0, sizeof(*c));
	core_memcpy(c->pcs, pcs, n * sizeof(pcs[0]));
	c->npcs = n;
	c->r.detector = "KASAN";
	c->r.bug_type = "invalid-pointer-pair";
	c->r.asan_type = "invalid-pointer-pair";
	c->r.kind = KSAN_BUG_POINTER_PAIR;
	c->r.access = op == KASAN_PAIR_SUB ? KSAN_SUBTRACT : KSAN_COMPARE;
	c->r.addr = a;
	c->r.other_addr = b;
	c->r.pc = pc;
	c->fp = fp;
	gather(c, a);
	if (c->has_obj)
		kasan_set_object(c);
	core_report_emit(&c->r, &pair_layouts, &(struct pair){ c, a, b, op, halt }, halt);
}
