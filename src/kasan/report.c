/*
 * This file contains the driver of generic KASAN's reports: the bug type
 * from the shadow value, gathering what one report needs (the stack, the
 * heap object, the global or stack frame behind the address), the parts of
 * an object's description that the text layouts share, and the choice of
 * layout (report_kasan.c, report_asan.c, report_json.c; docs/design.md section 3
 * and docs/report-format.md).
 */
#include "report.h"

struct bug {
	const char *kasan, *asan;
};

static struct bug bug_of_value(uint8_t v)
{
	switch (v) {
	case KASAN_SLAB_REDZONE:
	case KASAN_PAGE_REDZONE:
		return (struct bug){ "slab-out-of-bounds", "heap-buffer-overflow" };
	case KASAN_SLAB_FREE:
		return (struct bug){ "slab-use-after-free", "heap-use-after-free" };
	case KASAN_PAGE_FREE:
		return (struct bug){ "use-after-free", "heap-use-after-free" };
	case KASAN_GLOBAL_REDZONE:
		return (struct bug){ "global-out-of-bounds", "global-buffer-overflow" };
	case KASAN_STACK_LEFT:
		return (struct bug){ "stack-out-of-bounds", "stack-buffer-underflow" };
	case KASAN_STACK_MID:
	case KASAN_STACK_RIGHT:
		return (struct bug){ "stack-out-of-bounds", "stack-buffer-overflow" };
	case KASAN_STACK_RETURN:
		return (struct bug){ "stack-use-after-return", "stack-use-after-return" };
	case KASAN_STACK_SCOPE:
		return (struct bug){ "use-after-scope", "stack-use-after-scope" };
	case KASAN_ALLOCA_LEFT:
	case KASAN_ALLOCA_RIGHT:
		return (struct bug){ "alloca-out-of-bounds", "dynamic-stack-buffer-overflow" };
	case KASAN_USER_POISON:
		return (struct bug){ "use-after-poison", "use-after-poison" };
	case KASAN_INTRA_OBJECT:
		return (struct bug){ "intra-object-out-of-bounds", "intra-object-overflow" };
	}
	if (v < 8)
		return (struct bug){ "out-of-bounds", "unknown-crash" };
	return (struct bug){ "unknown-crash", "unknown-crash" };
}

static struct bug classify(uintptr_t addr, size_t size, uintptr_t *first_bad)
{
	uintptr_t bad;
	int8_t *s;
	uint8_t v;

	*first_bad = addr;
	if (size && addr + size - 1 < addr)
		return (struct bug){ "out-of-bounds", "negative-size-param" };
	if (addr < KASAN_NULL_LIMIT)
		return (struct bug){ "null-ptr-deref", "SEGV on unknown address" };
	if (!kasan_has_shadow(addr) || !kasan_has_shadow(addr + (size ? size - 1 : 0)))
		return (struct bug){ "wild-memory-access", "SEGV on unknown address" };
	bad = kasan_first_bad(addr, size ? size : 1);
	if (!bad)
		return (struct bug){ "out-of-bounds", "unknown-crash" };
	*first_bad = bad;
	s = kasan_shadow(bad);
	v = (uint8_t)*s;
	if (v > 0 && v < 8)
		v = (uint8_t)s[1];
	return bug_of_value(v);
}


/* "Thread T1 (worker) created by T0 here:" for each distinct thread of the
 * report other than the main one. */
static void print_thread_origins(const uint32_t *tids, size_t n, int asan)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct ksan_thread_info ti;
		const uintptr_t *pcs;
		size_t np;
		char tw[48], pw[48];

		for (j = 0; j < i; j++)
			if (tids[j] == tids[i])
				break;
		if (j < i || !tids[i] || ksan_port_thread_info(tids[i], &ti) ||
		    !ti.seq || !ti.create_stack)
			continue;
		np = core_depot_fetch(ti.create_stack, &pcs);
		core_thread_word(tids[i], tw, sizeof(tw));
		core_thread_word(ti.parent, pw, sizeof(pw));
		if (asan) {
			core_bprintf(&core_rbuf, "Thread %s created by %s here:\n", tw, pw);
			core_print_stack_asan(pcs, np, 1);
		} else {
			core_bprintf(&core_rbuf, "Task %s/%u was created by task %u:\n",
				     ti.name[0] ? ti.name : "?", (unsigned)tids[i],
				     (unsigned)ti.parent);
			core_print_stack(pcs, np, 1);
		}
		core_bprintf(&core_rbuf, "\n");
	}
}

const char *kasan_cache_name(const struct kasan_object *o, char *buf, size_t len)
{
	if (o->cache)
		return o->cache;	/* a pool's: it outlives the report */
	if (o->large)
		core_snprintf(buf, len, "kmalloc-large");
	else
		core_snprintf(buf, len, "kmalloc-%lu", (unsigned long)o->cache_size);
	return buf;
}

/* Where a non-heap address lives: a registered global or a stack frame. */
void kasan_locate(struct report_ctx *c, uintptr_t addr)
{
	uint8_t v = (uint8_t)*kasan_shadow(addr);

	if (v > 0 && v < 8)
		v = (uint8_t)kasan_shadow(addr)[1];
	if (v == KASAN_GLOBAL_REDZONE || v < 8 || v == KASAN_INTRA_OBJECT)
		c->has_global = kasan_find_global(addr, &c->glob);
	if (!c->has_global && v != KASAN_SLAB_REDZONE && v != KASAN_SLAB_FREE &&
	    v != KASAN_PAGE_REDZONE && v != KASAN_PAGE_FREE &&
	    kasan_find_frame(addr, &c->frame)) {
		c->has_frame = 1;
		if (c->frame.fake_tid) {
			struct ksan_thread_info ti;

			c->stack_tid = c->frame.fake_tid;
			if (!ksan_port_thread_info(c->stack_tid, &ti))
				core_snprintf(c->stack_task, sizeof(c->stack_task), "%s", ti.name);
		} else if (ksan_port_stack_owner(addr, &c->stack_tid, c->stack_task,
						 sizeof(c->stack_task))) {
			c->stack_tid = 0;
		}
	}
}

void kasan_print_origins(struct report_ctx *c, int asan)
{
	uint32_t tids[3];
	size_t n = 0;

	tids[n++] = ksan_port_thread_id();
	if (c->has_obj) {
		tids[n++] = c->obj.alloc_tid;
		if (c->obj.freed)
			tids[n++] = c->obj.free_tid;
	}
	print_thread_origins(tids, n, asan);
}

static void print_var_name(const struct kasan_frame_var *v)
{
	size_t i;

	for (i = 0; i < v->name_len; i++)
		core_bprintf(&core_rbuf, "%c", v->name[i]);
}

/* ASan's note on how the access meets each variable of the frame. */
static const char *var_relation(const struct report_ctx *c, unsigned i)
{
	struct kasan_frame_var v, o;
	unsigned long off = c->frame.offset, size = c->r.size ? c->r.size : 1;
	unsigned n = kasan_frame_nvars(&c->frame);

	if (kasan_frame_var(&c->frame, i, &v))
		return 0;
	if (off < v.beg + v.size && off + size > v.beg)
		return off >= v.beg && off + size <= v.beg + v.size ?
		       "is inside this variable" : "partially overflows this variable";
	if (off < v.beg && (i == 0 || (!kasan_frame_var(&c->frame, i - 1, &o) &&
				       off >= o.beg + o.size)))
		return "underflows this variable";
	if (off >= v.beg + v.size && (i + 1 == n || (!kasan_frame_var(&c->frame, i + 1, &o) &&
						     off < o.beg)))
		return "overflows this variable";
	return 0;
}

void kasan_print_frame_vars(struct report_ctx *c, int asan)
{
	unsigned i, n = kasan_frame_nvars(&c->frame);

	core_bprintf(&core_rbuf, asan ? "  This frame has %u object(s):\n" :
		     "This frame has %u object(s):\n", n);
	for (i = 0; i < n; i++) {
		struct kasan_frame_var v;
		const char *rel;

		if (kasan_frame_var(&c->frame, i, &v))
			break;
		core_bprintf(&core_rbuf, asan ? "    [%lu, %lu) '" : " [%lu, %lu) '",
			     v.beg, v.beg + v.size);
		print_var_name(&v);
		core_bprintf(&core_rbuf, "'");
		if (v.line)
			core_bprintf(&core_rbuf, " (line %lu)", v.line);
		if (asan && (rel = var_relation(c, i)))
			core_bprintf(&core_rbuf, " <== Memory access at offset %lu %s",
				     (unsigned long)c->frame.offset, rel);
		core_bprintf(&core_rbuf, "\n");
	}
}

/* ksan_record_aux_stack()'s stacks, as the kernel prints them. */
void kasan_print_aux(struct report_ctx *c, int asan)
{
	static const char *const words[2] = {
		"Last potentially related work creation:",
		"Second to last potentially related work creation:",
	};
	depot_handle_t aux[2];
	int i;

	if (!kasan_aux_stacks(c->obj.start, aux))
		return;
	for (i = 0; i < 2; i++) {
		const uintptr_t *pcs;
		size_t n;

		if (!aux[i])
			continue;
		n = core_depot_fetch(aux[i], &pcs);
		core_bprintf(&core_rbuf, "%s\n", words[i]);
		if (asan)
			core_print_stack_asan(pcs, n, 0);
		else
			core_print_stack(pcs, n, 0);
		core_bprintf(&core_rbuf, "\n");
	}
}

int kasan_is_segv(const struct ksan_report *r)
{
	return r->bug_type[0] == 'n' ? !core_strcmp(r->bug_type, "null-ptr-deref") :
	       r->bug_type[0] == 's' ? !core_strcmp(r->bug_type, "stack-overflow") :
	       !core_strcmp(r->bug_type, "wild-memory-access");
}

/* The report's object fields (for the callback and JSON) from c->obj. */
void kasan_set_object(struct report_ctx *c)
{
	static char cache[32];	/* guarded by the report lock */

	c->r.object = c->obj.start;
	c->r.object_size = c->obj.size;
	c->r.object_freed = c->obj.freed;
	c->r.cache = kasan_cache_name(&c->obj, cache, sizeof(cache));
}

/* core_relation of the access to the global variable c->glob. */
const char *kasan_global_relation(struct report_ctx *c, size_t *dist)
{
	return core_relation(c->r.addr, c->glob.beg, c->glob.size, dist);
}

/* A stack overflow's access is whichever instruction first touched the
 * guard page (a call, a store): it says nothing stable about the bug. */
void kasan_print_signature(struct report_ctx *c, int json)
{
	int access = (c->fault && c->fault->stack_overflow) || c->type_use ? CORE_SIG_NO_ACCESS :
		     (int)c->r.access;

	core_report_signature(json, c->r.bug_type, access, c->pcs, c->npcs, c->has_entry);
}

static void print_kasan(void *c)
{
	kasan_print_kasan(c);
}

static void print_asan(void *c)
{
	kasan_print_asan(c);
}

static void print_json(void *c)
{
	kasan_print_json(c);
}

int kasan_ctx_suppressed(void *arg)
{
	const struct report_ctx *c = arg;

	return c->supp_type && kasan_suppressed(c->pcs, c->npcs, c->has_entry, c->supp_type);
}

/* Generic KASAN's layouts; the suppressions are interceptor_via_fun's and
 * friends' (suppress.c), for the reports that set supp_type. */
const struct core_report_ops kasan_layouts = {
	.suppressed = kasan_ctx_suppressed,
	.print = { print_kasan, print_asan, print_json },
};

void kasan_emit(struct report_ctx *c)
{
	/* an access with no shadow (null, wild) faults right after the check:
	 * unless the host survives that fault (a kernel's oops), it ends the
	 * program whatever halt_on_error says, so stop here, report printed */
	int halt = kasan_halt() || (kasan_is_segv(&c->r) && !ksan_port_fault_survivable());

	if (c->has_obj)
		kasan_set_object(c);
	core_report_emit(&c->r, &kasan_layouts, c, halt);
}

void kasan_report(uintptr_t addr, size_t size, int write, uintptr_t pc,
		  uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	struct bug b;
	uintptr_t first_bad;

	b = classify(addr, size, &first_bad);
	if (!core_report_begin(pc, b.kasan, kasan_dedup()))
		return;
	core_memset(c, 0, sizeof(*c));
	c->first_bad = first_bad;
	c->r.detector = "KASAN";
	c->r.bug_type = b.kasan;
	c->r.asan_type = b.asan;
	c->r.addr = addr;
	c->r.size = size;
	c->r.access = write ? KSAN_WRITE : KSAN_READ;
	c->r.pc = pc;
	c->fp = fp;
	c->has_entry = entry != 0;
	c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	c->note = core_thread_get()->report_note;
	c->supp_type = b.kasan;
	if (kasan_has_shadow(addr))
		c->has_obj = kasan_find_object(first_bad, &c->obj);
	if (kasan_has_shadow(addr) && !c->has_obj)
		kasan_locate(c, first_bad);
	kasan_percpu_relabel(c);
	kasan_intra_gather(c);
	kasan_emit(c);
}

void kasan_report_free(uintptr_t addr, enum kasan_free_bug bug, uintptr_t pc,
		       uintptr_t fp, uintptr_t entry)
{
	kasan_report_free_to(addr, bug, 0, pc, fp, entry);
}

void kasan_report_free_to(uintptr_t addr, enum kasan_free_bug bug, const char *pool,
			  uintptr_t pc, uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	const char *type = bug == KASAN_DOUBLE_FREE ? "double-free" : "invalid-free";

	if (!core_report_begin(pc, type, kasan_dedup()))
		return;
	core_memset(c, 0, sizeof(*c));
	c->first_bad = addr;
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = bug == KASAN_DOUBLE_FREE ? "double-free" : "bad-free";
	c->free_word = bug == KASAN_DOUBLE_FREE ? "attempting double-free on" :
		       "attempting free on address which was not malloc()-ed:";
	c->r.addr = addr;
	c->r.access = KSAN_FREE;
	c->r.pc = pc;
	c->fp = fp;
	c->pool = pool;
	c->has_entry = entry != 0;
	c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	if (kasan_has_shadow(addr))
		c->has_obj = kasan_find_object(addr, &c->obj);
	kasan_emit(c);
}

/* ksan_describe_address: the same text in every layout. */
static void print_description(void *arg)
{
	struct report_ctx *c = arg;
	uintptr_t addr = c->r.addr;

	if (c->has_obj)
		kasan_print_object(c);
	else
		core_bprintf(&core_rbuf, "Address 0x%lx is not in a known heap object\n\n",
			     (unsigned long)addr);
	if (kasan_has_shadow(addr))
		kasan_print_shadow(addr);
}

static const struct core_report_ops description_layouts = {
	.print = { print_description },
};

void kasan_describe_address(uintptr_t addr)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;

	if (!core_report_begin(0, "describe", 0))
		return;
	core_memset(c, 0, sizeof(*c));
	c->r.addr = addr;
	if (kasan_has_shadow(addr))
		c->has_obj = kasan_find_object(addr, &c->obj);
	core_report_emit(0, &description_layouts, c, 0);
}

/* ksan_print_stack: "Call Trace:", then the stack in the layout's words. */
struct bare_stack {
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t n;
};

static void print_stack_kernel(void *arg)
{
	const struct bare_stack *s = arg;

	core_bprintf(&core_rbuf, "Call Trace:\n");
	core_print_stack(s->pcs, s->n, 0);
}

static void print_stack_asan(void *arg)
{
	const struct bare_stack *s = arg;

	core_bprintf(&core_rbuf, "Call Trace:\n");
	core_print_stack_asan(s->pcs, s->n, 0);
}

static const struct core_report_ops stack_layouts = {
	.print = { print_stack_kernel, print_stack_asan, print_stack_kernel },
};

void kasan_print_stack(uintptr_t pc, uintptr_t fp)
{
	static struct bare_stack s;	/* guarded by the report lock */

	if (!core_report_begin(0, "stack", 0))
		return;
	s.n = ksan_port_stack_trace(s.pcs, DEPOT_MAX_FRAMES, pc, fp);
	core_report_emit(0, &stack_layouts, &s, 0);
}
