/*
 * This file contains generic KASAN's reports: the bug type from the shadow
 * value, the heap object description, the shadow dump, and the three
 * layouts (kasan, asan, json) of design.md section 3 and
 * docs/report-format.md.
 */
#include "kasan.h"

#define BANNER "=================================================================="
#define ASAN_BANNER "================================================================="

int kasan_halt(void)
{
	return core_opt.halt_on_error < 0 ? 1 : (int)core_opt.halt_on_error;
}

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

static int has_shadow(uintptr_t a)
{
	return a >= KASAN_NULL_LIMIT && a < KASAN_ADDR_LIMIT;
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
	if (!has_shadow(addr) || !has_shadow(addr + (size ? size - 1 : 0)))
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

struct report_ctx;
static void print_origins(struct report_ctx *c, int asan);

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


static size_t capture(uintptr_t *pcs, size_t max, uintptr_t pc, uintptr_t fp,
		      uintptr_t entry)
{
	size_t n = 0;

	if (entry)
		pcs[n++] = entry;
	return n + ksan_port_stack_trace(pcs + n, max - n, pc, fp);
}

static void print_depot(depot_handle_t h, int asan)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(h, &pcs);

	if (asan)
		core_print_stack_asan(pcs, n, 1);
	else
		core_print_stack(pcs, n, 1);
}

static const char *cache_name(const struct kasan_object *o, char *buf, size_t len)
{
	if (o->large)
		core_snprintf(buf, len, "kmalloc-large");
	else
		core_snprintf(buf, len, "kmalloc-%lu", (unsigned long)o->cache_size);
	return buf;
}

/* "located N bytes to the right of" / "to the left of" / "inside of" */
static const char *relation(uintptr_t a, const struct kasan_object *o, size_t *dist)
{
	if (a < o->start) {
		*dist = o->start - a;
		return "to the left of";
	}
	if (a >= o->start + o->size) {
		*dist = a - (o->start + o->size);
		return "to the right of";
	}
	*dist = a - o->start;
	return "inside of";
}

static void print_shadow_kasan(uintptr_t addr)
{
	uintptr_t row = ROUND_DOWN(addr, 128) - 256;
	int i, j;

	if (!has_shadow(row) || !has_shadow(row + 5 * 128) ||
	    ksan_port_shadow_ensure(row, 5 * 128))
		return;
	core_bprintf(&core_rbuf, "Memory state around the buggy address:\n");
	for (i = 0; i < 5; i++, row += 128) {
		const uint8_t *s = (const uint8_t *)kasan_shadow(row);
		int here = addr >= row && addr < row + 128;
		size_t prefix = core_rbuf.len;

		core_bprintf(&core_rbuf, "%c0x%lx: ", here ? '>' : ' ', (unsigned long)row);
		prefix = core_rbuf.len - prefix;
		for (j = 0; j < 16; j++)
			core_bprintf(&core_rbuf, j < 15 ? "%02x " : "%02x\n", s[j]);
		if (here)
			core_bprintf(&core_rbuf, "%*c\n",
				     (int)(prefix + 3 * ((addr - row) >> 3) + 1), '^');
	}
}

static void print_shadow_asan(uintptr_t addr)
{
	uintptr_t bad = (uintptr_t)kasan_shadow(addr);
	uintptr_t row = ROUND_DOWN(bad, 16) - 5 * 16;
	int i, j;

	if (!has_shadow(addr) ||
	    ksan_port_shadow_ensure(kasan_shadow_to_mem((int8_t *)row), 11 * 16 * 8))
		return;
	core_bprintf(&core_rbuf, "Shadow bytes around the buggy address:\n");
	for (i = 0; i < 11; i++, row += 16) {
		const uint8_t *s = (const uint8_t *)row;

		core_bprintf(&core_rbuf, "%s0x%012lx:", row == ROUND_DOWN(bad, 16) ? "=>" : "  ",
			     (unsigned long)row);
		for (j = 0; j < 16; j++) {
			uintptr_t b = row + (uintptr_t)j;

			if (b == bad)
				core_bprintf(&core_rbuf, "[%02x]", s[j]);
			else
				core_bprintf(&core_rbuf, b == bad + 1 ? "%02x" : " %02x", s[j]);
		}
		core_bprintf(&core_rbuf, "\n");
	}
	if (core_opt.print_legend)
		core_bprintf(&core_rbuf,
			"Shadow byte legend (one shadow byte represents 8 application bytes):\n"
			"  Addressable:           00\n"
			"  Partially addressable: 01 02 03 04 05 06 07 \n"
			"  Heap red zone:          fc\n"
			"  Freed heap region:      fb\n"
			"  Large object red zone:  fe\n"
			"  Freed large object:     ff\n"
			"  Stack left redzone:     f1\n"
			"  Stack mid redzone:      f2\n"
			"  Stack right redzone:    f3\n"
			"  Stack after return:     f5\n"
			"  Stack use after scope:  f8\n"
			"  Global redzone:         f9\n"
			"  Poisoned by user:       f7\n"
			"  Intra object redzone:   bb\n"
			"  Left alloca redzone:    ca\n"
			"  Right alloca redzone:   cb\n");
}

static void json_depot(const char *key, depot_handle_t h)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(h, &pcs);

	core_bprintf(&core_rbuf, ",\"%s\":", key);
	core_json_frames(pcs, n, 1);
}

static void json_frames_of(const char *key, depot_handle_t h)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(h, &pcs);

	core_bprintf(&core_rbuf, ",\"%s\":", key);
	core_json_frames(pcs, n, 0);
}

/* Everything one report needs, gathered before printing. */
struct report_ctx {
	struct ksan_report r;
	struct kasan_object obj;
	int has_obj;
	uintptr_t first_bad;
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t npcs;
	int has_entry;
	uintptr_t fp;
	const char *free_word;	/* asan: "attempting double-free" ... */
	int has_global, has_frame;
	struct kasan_global_info glob;
	struct kasan_frame frame;
	uint32_t stack_tid;
	char stack_task[32];
	int granule;		/* fault decoded from an inline check: a granule */
	const struct kasan_fault *fault;	/* kasan_report_fault's, else NULL */
};

/* Where a non-heap address lives: a registered global or a stack frame. */
static void locate(struct report_ctx *c, uintptr_t addr)
{
	uint8_t v = (uint8_t)*kasan_shadow(addr);

	if (v > 0 && v < 8)
		v = (uint8_t)kasan_shadow(addr)[1];
	if (v == KASAN_GLOBAL_REDZONE || v < 8)
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

static void print_origins(struct report_ctx *c, int asan)
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

static void print_frame_vars(struct report_ctx *c, int asan)
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

static void print_location_kasan(struct report_ctx *c)
{
	if (c->has_global) {
		size_t dist;
		struct kasan_object o;
		const char *rel;

		core_memset(&o, 0, sizeof(o));
		o.start = c->glob.beg;
		o.size = c->glob.size;
		rel = relation(c->r.addr, &o, &dist);
		core_bprintf(&core_rbuf, "The buggy address belongs to the variable:\n %s",
			     c->glob.name ? c->glob.name : "?");
		if (c->glob.file)
			core_bprintf(&core_rbuf, " of size %lu defined in %s:%u:%u\n",
				     (unsigned long)c->glob.size, c->glob.file,
				     c->glob.line, c->glob.column);
		else
			core_bprintf(&core_rbuf, " of size %lu defined in %s\n",
				     (unsigned long)c->glob.size,
				     c->glob.module ? c->glob.module : "?");
		core_bprintf(&core_rbuf,
			     "The buggy address is located %lu bytes %s\n"
			     " %lu-byte region [0x%lx, 0x%lx)\n\n",
			     (unsigned long)dist, rel, (unsigned long)c->glob.size,
			     (unsigned long)c->glob.beg,
			     (unsigned long)(c->glob.beg + c->glob.size));
	} else if (c->has_frame) {
		char fn[256];

		if (c->stack_tid)
			core_bprintf(&core_rbuf, "The buggy address belongs to stack of task %s/%u\n",
				     c->stack_task[0] ? c->stack_task : "?", (unsigned)c->stack_tid);
		else
			core_bprintf(&core_rbuf, "The buggy address belongs to a stack\n");
		{
			struct ksan_symbol sym;

			core_memset(&sym, 0, sizeof(sym));
			ksan_port_symbolize(c->frame.pc, 0, &sym);
			if (sym.function)
				core_snprintf(fn, sizeof(fn), "%s", sym.function);
			else
				core_snprintf(fn, sizeof(fn), "0x%lx", (unsigned long)c->frame.pc);
		}
		core_bprintf(&core_rbuf, " and is located at offset %lu in frame:\n %s\n\n",
			     (unsigned long)c->frame.offset, fn);
		print_frame_vars(c, 0);
		core_bprintf(&core_rbuf, "\n");
	}
}

static void print_location_asan(struct report_ctx *c)
{
	char tw[48];

	if (c->has_global) {
		size_t dist;
		struct kasan_object o;
		const char *rel;

		core_memset(&o, 0, sizeof(o));
		o.start = c->glob.beg;
		o.size = c->glob.size;
		rel = relation(c->r.addr, &o, &dist);
		core_bprintf(&core_rbuf, "0x%lx is located %lu bytes %s global variable '%s' defined in '",
			     (unsigned long)c->r.addr, (unsigned long)dist, rel,
			     c->glob.name ? c->glob.name : "?");
		if (c->glob.file)
			core_bprintf(&core_rbuf, "%s:%u:%u", c->glob.file, c->glob.line,
				     c->glob.column);
		else
			core_bprintf(&core_rbuf, "%s", c->glob.module ? c->glob.module : "?");
		core_bprintf(&core_rbuf, "' (0x%lx) of size %lu\n", (unsigned long)c->glob.beg,
			     (unsigned long)c->glob.size);
	} else if (c->has_frame) {
		uintptr_t pc = c->frame.pc;

		core_bprintf(&core_rbuf, "Address 0x%lx is located in stack of thread %s at offset %lu in frame\n",
			     (unsigned long)c->r.addr,
			     core_thread_word(c->stack_tid ? c->stack_tid : ksan_port_thread_id(), tw, sizeof(tw)),
			     (unsigned long)c->frame.offset);
		core_print_stack_asan(&pc, 1, 1);
		core_bprintf(&core_rbuf, "\n");
		print_frame_vars(c, 1);
		core_bprintf(&core_rbuf,
			     "HINT: this may be a false positive if your program uses some custom stack unwind mechanism, swapcontext or vfork\n"
			     "      (longjmp is supported)\n");
	}
}

/* ksan_record_aux_stack()'s stacks, as the kernel prints them. */
static void print_aux(struct report_ctx *c, int asan)
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

static void print_object_kasan(struct report_ctx *c)
{
	char cache[32];
	size_t dist;
	const char *rel;

	if (!c->has_obj)
		return;
	if (c->obj.alloc_stack || c->obj.live || c->obj.freed) {
		core_bprintf(&core_rbuf, "Allocated by task %u:\n", (unsigned)c->obj.alloc_tid);
		print_depot(c->obj.alloc_stack, 0);
		core_bprintf(&core_rbuf, "\n");
	}
	if (c->obj.freed) {
		core_bprintf(&core_rbuf, "Freed by task %u:\n", (unsigned)c->obj.free_tid);
		print_depot(c->obj.free_stack, 0);
		core_bprintf(&core_rbuf, "\n");
	}
	print_aux(c, 0);
	rel = relation(c->r.addr, &c->obj, &dist);
	core_bprintf(&core_rbuf,
		     "The buggy address belongs to the object at 0x%lx\n"
		     " which belongs to the cache %s of size %lu\n"
		     "The buggy address is located %lu bytes %s\n"
		     " %lu-byte region [0x%lx, 0x%lx)\n\n",
		     (unsigned long)c->obj.start, cache_name(&c->obj, cache, sizeof(cache)),
		     (unsigned long)c->obj.cache_size, (unsigned long)dist, rel,
		     (unsigned long)c->obj.size, (unsigned long)c->obj.start,
		     (unsigned long)(c->obj.start + c->obj.size));
}

static void print_kasan(struct report_ctx *c)
{
	char fn[256], task[64];
	struct ksan_report *r = &c->r;

	core_task_name(task, sizeof(task));
	core_format_function(fn, sizeof(fn), r->pc, c->has_entry != CORE_STACK_FAULT);
	core_bprintf(&core_rbuf, BANNER "\nBUG: KASAN: %s in %s\n", r->bug_type, fn);
	if (c->fault && !c->fault->addr_known)
		/* the kernel's words for a general-protection fault */
		core_bprintf(&core_rbuf, "General protection fault, probably for non-canonical address, by task %s\n",
			     task);
	else if (c->granule)
		core_bprintf(&core_rbuf, "Access in range [0x%lx-0x%lx] by task %s\n",
			     (unsigned long)r->addr, (unsigned long)r->addr + 7, task);
	else if (r->access == KSAN_FREE)
		core_bprintf(&core_rbuf, "Free of addr 0x%lx by task %s\n",
			     (unsigned long)r->addr, task);
	else if (r->size)
		core_bprintf(&core_rbuf, "%s of size %lu at addr 0x%lx by task %s\n",
			     r->access == KSAN_WRITE ? "Write" : "Read",
			     (unsigned long)r->size, (unsigned long)r->addr, task);
	else
		core_bprintf(&core_rbuf, "%s at addr 0x%lx by task %s\n",
			     r->access == KSAN_WRITE ? "Write" : "Read",
			     (unsigned long)r->addr, task);
	core_bprintf(&core_rbuf, "\nCall Trace:\n");
	core_print_stack(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	print_origins(c, 0);
	print_object_kasan(c);
	print_location_kasan(c);
	if (has_shadow(r->addr) && !(c->fault && c->fault->stack_overflow))
		print_shadow_kasan(c->first_bad);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static void print_summary_asan(struct report_ctx *c, const char *type)
{
	struct ksan_symbol s;
	size_t i = c->has_entry == 1 && c->npcs > 1 ? 1 : 0;

	core_memset(&s, 0, sizeof(s));
	if (c->npcs)
		ksan_port_symbolize(c->pcs[i], 1, &s);
	core_bprintf(&core_rbuf, "SUMMARY: AddressSanitizer: %s", type);
	if (s.file)
		core_bprintf(&core_rbuf, " %s:%u", s.file, s.line);
	if (s.file && s.column)
		core_bprintf(&core_rbuf, ":%u", s.column);
	if (s.function)
		core_bprintf(&core_rbuf, " in %s", s.function);
	core_bprintf(&core_rbuf, "\n");
}

static int is_segv(const struct ksan_report *r)
{
	return r->bug_type[0] == 'n' ? !core_strcmp(r->bug_type, "null-ptr-deref") :
	       r->bug_type[0] == 's' ? !core_strcmp(r->bug_type, "stack-overflow") :
	       !core_strcmp(r->bug_type, "wild-memory-access");
}

/* ASan's first lines for a fault: stack-overflow, or SEGV on an address
 * (none when the hardware gave none), and what kind of access it was. */
static void print_fault_asan(struct report_ctx *c, const char *tw)
{
	const struct kasan_fault *f = c->fault;
	struct ksan_report *r = &c->r;
	uintptr_t sp = f ? f->sp : c->fp;
	int pid = ksan_port_pid();
	char t[16];
	size_t n;

	/* ASan's fault line names the thread by number alone: "T1" */
	for (n = 0; n + 1 < sizeof(t) && tw[n] && tw[n] != ' '; n++)
		t[n] = tw[n];
	t[n] = 0;
	tw = t;

	if (f && f->stack_overflow) {
		core_bprintf(&core_rbuf, "stack-overflow on address 0x%012lx (pc 0x%lx bp 0x%lx sp 0x%lx %s)\n",
			     (unsigned long)r->addr, (unsigned long)r->pc,
			     (unsigned long)c->fp, (unsigned long)sp, tw);
		return;
	}
	if (f && !f->addr_known)
		core_bprintf(&core_rbuf, "SEGV on unknown address (pc 0x%lx bp 0x%lx sp 0x%lx %s)\n",
			     (unsigned long)r->pc, (unsigned long)c->fp, (unsigned long)sp, tw);
	else
		core_bprintf(&core_rbuf, "SEGV on unknown address 0x%012lx (pc 0x%lx bp 0x%lx sp 0x%lx %s)\n",
			     (unsigned long)r->addr, (unsigned long)r->pc,
			     (unsigned long)c->fp, (unsigned long)sp, tw);
	core_bprintf(&core_rbuf, "==%d==The signal is caused by a %s memory access.\n",
		     pid, r->access == KSAN_WRITE ? "WRITE" : "READ");
	if (f && f->noncanonical)
		core_bprintf(&core_rbuf, "==%d==Hint: this fault was caused by a dereference of a high value address (see register values below).  Disassemble the provided pc to learn which register was used.\n",
			     pid);
	else if (r->addr < KASAN_NULL_LIMIT)
		core_bprintf(&core_rbuf, "==%d==Hint: address points to the zero page.\n", pid);
}

static void print_asan(struct report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char tw[48];
	const char *summary = r->asan_type;

	core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: ", ksan_port_pid());
	if (is_segv(r)) {
		/* ASan's words for a fault: no shadow, no object */
		int so = c->fault && c->fault->stack_overflow;

		print_fault_asan(c, tw);
		core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
		core_bprintf(&core_rbuf, so ? "\n" : "\nAddressSanitizer can not provide additional info.\n");
		print_summary_asan(c, so ? "stack-overflow" : "SEGV");
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
		return;
	}
	if (r->access == KSAN_FREE) {
		core_bprintf(&core_rbuf, "%s 0x%lx in thread %s:\n", c->free_word,
			     (unsigned long)r->addr, tw);
	} else {
		core_bprintf(&core_rbuf, "%s on address 0x%lx at pc 0x%lx bp 0x%lx sp 0x%lx\n",
			     r->asan_type, (unsigned long)r->addr, (unsigned long)r->pc,
			     (unsigned long)c->fp, (unsigned long)c->fp);
		core_bprintf(&core_rbuf, "%s of size %lu at 0x%lx thread %s\n",
			     r->access == KSAN_WRITE ? "WRITE" : "READ",
			     (unsigned long)r->size, (unsigned long)r->addr, tw);
	}
	core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	if (c->has_obj) {
		size_t dist;
		const char *rel = relation(r->addr, &c->obj, &dist);

		core_bprintf(&core_rbuf, "0x%lx is located %lu bytes %s %lu-byte region [0x%lx,0x%lx)\n",
			     (unsigned long)r->addr, (unsigned long)dist, rel,
			     (unsigned long)c->obj.size, (unsigned long)c->obj.start,
			     (unsigned long)(c->obj.start + c->obj.size));
		if (c->obj.freed) {
			core_bprintf(&core_rbuf, "freed by thread %s here:\n",
				     core_thread_word(c->obj.free_tid, tw, sizeof(tw)));
			print_depot(c->obj.free_stack, 1);
			core_bprintf(&core_rbuf, "\npreviously allocated by thread %s here:\n",
				     core_thread_word(c->obj.alloc_tid, tw, sizeof(tw)));
		} else {
			core_bprintf(&core_rbuf, "allocated by thread %s here:\n",
				     core_thread_word(c->obj.alloc_tid, tw, sizeof(tw)));
		}
		print_depot(c->obj.alloc_stack, 1);
		core_bprintf(&core_rbuf, "\n");
		print_aux(c, 1);
	}
	print_location_asan(c);
	if (c->has_global || c->has_frame)
		core_bprintf(&core_rbuf, "\n");
	print_origins(c, 1);
	print_summary_asan(c, summary);
	if (has_shadow(r->addr) && r->access != KSAN_FREE)
		print_shadow_asan(c->first_bad);
	if (kasan_halt())
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
}

static void print_json(struct report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"%s\",\"asan_type\":",
		     r->bug_type);
	core_json_str(r->asan_type);
	core_bprintf(&core_rbuf, ",\"access\":\"%s\",\"address\":\"0x%lx\",\"size\":%lu,"
		     "\"pc\":\"0x%lx\",\"task\":",
		     r->access == KSAN_FREE ? "free" : r->access == KSAN_WRITE ? "write" : "read",
		     (unsigned long)r->addr, (unsigned long)r->size, (unsigned long)r->pc);
	core_json_str(task);
	core_bprintf(&core_rbuf, ",\"stack\":");
	core_json_frames(c->pcs, c->npcs, c->has_entry);
	if (c->has_obj) {
		char cache[32];
		size_t dist;
		const char *rel = relation(r->addr, &c->obj, &dist);

		core_bprintf(&core_rbuf, ",\"object\":{\"start\":\"0x%lx\",\"size\":%lu,"
			     "\"cache\":\"%s\",\"cache_size\":%lu,\"state\":\"%s\","
			     "\"relation\":\"%s\",\"distance\":%lu,\"alloc_task\":%u",
			     (unsigned long)c->obj.start, (unsigned long)c->obj.size,
			     cache_name(&c->obj, cache, sizeof(cache)),
			     (unsigned long)c->obj.cache_size,
			     c->obj.freed ? "freed" : "allocated",
			     rel[0] == 'i' ? "inside" : rel[3] == 't' && rel[7] == 'r' ? "right" : "left",
			     (unsigned long)dist, (unsigned)c->obj.alloc_tid);
		if (c->obj.freed)
			core_bprintf(&core_rbuf, ",\"free_task\":%u", (unsigned)c->obj.free_tid);
		core_bprintf(&core_rbuf, "}");
		json_depot("alloc_stack", c->obj.alloc_stack);
		if (c->obj.freed)
			json_depot("free_stack", c->obj.free_stack);
		{
			depot_handle_t aux[2];

			if (kasan_aux_stacks(c->obj.start, aux)) {
				if (aux[0])
					json_frames_of("aux_stack", aux[0]);
				if (aux[1])
					json_frames_of("aux_stack2", aux[1]);
			}
		}
	}
	if (c->has_global) {
		core_bprintf(&core_rbuf, ",\"global\":{\"name\":");
		core_json_str(c->glob.name);
		core_bprintf(&core_rbuf, ",\"start\":\"0x%lx\",\"size\":%lu,\"file\":",
			     (unsigned long)c->glob.beg, (unsigned long)c->glob.size);
		core_json_str(c->glob.file ? c->glob.file : c->glob.module);
		core_bprintf(&core_rbuf, ",\"line\":%u,\"column\":%u}", c->glob.line,
			     c->glob.column);
	}
	if (c->has_frame) {
		struct ksan_symbol sym;
		unsigned i, n = kasan_frame_nvars(&c->frame);

		core_memset(&sym, 0, sizeof(sym));
		ksan_port_symbolize(c->frame.pc, 0, &sym);
		core_bprintf(&core_rbuf, ",\"frame\":{\"function\":");
		core_json_str(sym.function ? sym.function : "");
		core_bprintf(&core_rbuf, ",\"offset\":%lu,\"task\":%u,\"objects\":[",
			     (unsigned long)c->frame.offset, (unsigned)c->stack_tid);
		for (i = 0; i < n; i++) {
			struct kasan_frame_var v;
			char name[128];

			if (kasan_frame_var(&c->frame, i, &v))
				break;
			core_snprintf(name, sizeof(name), "%s", "");
			core_memcpy(name, v.name, v.name_len < sizeof(name) - 1 ?
				    v.name_len : sizeof(name) - 1);
			name[v.name_len < sizeof(name) - 1 ? v.name_len : sizeof(name) - 1] = 0;
			core_bprintf(&core_rbuf, "%s{\"name\":", i ? "," : "");
			core_json_str(name);
			core_bprintf(&core_rbuf, ",\"start\":%lu,\"end\":%lu,\"line\":%lu}",
				     v.beg, v.beg + v.size, v.line);
		}
		core_bprintf(&core_rbuf, "]}");
	}
	core_bprintf(&core_rbuf, "}\n");
}

static void emit(struct report_ctx *c)
{
	/* an access with no shadow (null, wild) would fault right after the
	 * check: it ends the process whatever halt_on_error says */
	int halt = kasan_halt() || is_segv(&c->r);

	if (c->has_obj) {
		static char cache[32];	/* guarded by the report lock */

		c->r.object = c->obj.start;
		c->r.object_size = c->obj.size;
		c->r.object_freed = c->obj.freed;
		c->r.cache = cache_name(&c->obj, cache, sizeof(cache));
	}
	if (core_report_callback(&c->r)) {
		core_report_cancel();
		return;
	}
	switch (core_opt.report_format) {
	case FORMAT_ASAN:
		print_asan(c);
		break;
	case FORMAT_JSON:
		print_json(c);
		break;
	default:
		print_kasan(c);
	}
	core_report_end(halt);
}

void kasan_report(uintptr_t addr, size_t size, int write, uintptr_t pc,
		  uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	struct bug b;
	uintptr_t first_bad;

	b = classify(addr, size, &first_bad);
	if (!core_report_begin(pc, b.kasan, !kasan_halt()))
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
	c->npcs = capture(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	if (has_shadow(addr))
		c->has_obj = kasan_find_object(first_bad, &c->obj);
	if (has_shadow(addr) && !c->has_obj)
		locate(c, first_bad);
	emit(c);
}

void kasan_report_free(uintptr_t addr, enum kasan_free_bug bug, uintptr_t pc,
		       uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	const char *type = bug == KASAN_DOUBLE_FREE ? "double-free" : "invalid-free";

	if (!core_report_begin(pc, type, !kasan_halt()))
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
	c->has_entry = entry != 0;
	c->npcs = capture(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	if (has_shadow(addr))
		c->has_obj = kasan_find_object(addr, &c->obj);
	emit(c);
}

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

/*
 * An allocation that cannot be made (type: ASan's word, see
 * alloc_failures).  It always ends the process: there is nothing to return.
 */
void kasan_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc,
			uintptr_t fp, uintptr_t entry)
{
	const struct alloc_failure *f = alloc_failure_of(type);
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t n;
	char fn[256], task[64], tw[48];
	struct ksan_report r;

	if (!core_report_begin(pc, f->kasan, 0))
		return;
	core_memset(&r, 0, sizeof(r));
	r.detector = "KASAN";
	r.bug_type = f->kasan;
	r.asan_type = f->asan;
	r.size = f->args == ARGS_COUNT_SIZE ? b : a;
	r.pc = pc;
	if (core_report_callback(&r)) {
		core_report_cancel();
		return;
	}
	n = capture(pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	core_task_name(task, sizeof(task));
	if (core_opt.report_format == FORMAT_JSON) {
		core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"%s\",\"asan_type\":\"%s\","
			     "\"access\":\"alloc\",", f->kasan, f->asan);
		if (f->args == ARGS_COUNT_SIZE)
			core_bprintf(&core_rbuf, "\"size\":%lu,\"count\":%lu", (unsigned long)b,
				     (unsigned long)a);
		else
			core_bprintf(&core_rbuf, "\"size\":%lu,\"alignment\":%lu", (unsigned long)a,
				     (unsigned long)b);
		core_bprintf(&core_rbuf, ",\"pc\":\"0x%lx\",\"task\":", (unsigned long)pc);
		core_json_str(task);
		core_bprintf(&core_rbuf, ",\"stack\":");
		core_json_frames(pcs, n, entry != 0);
		core_bprintf(&core_rbuf, "}\n");
	} else if (core_opt.report_format == FORMAT_ASAN) {
		struct report_ctx c;

		core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
		core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: ", ksan_port_pid());
		print_alloc_failure_asan(f, a, b, tw);
		core_print_stack_asan(pcs, n, entry != 0);
		core_bprintf(&core_rbuf, "\nHINT: if you don't care about these errors you may set allocator_may_return_null=1\n");
		core_memset(&c, 0, sizeof(c));
		core_memcpy(c.pcs, pcs, n * sizeof(pcs[0]));
		c.npcs = n;
		c.has_entry = entry != 0;
		print_summary_asan(&c, f->asan);
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
	} else {
		core_format_function(fn, sizeof(fn), pc, 1);
		core_bprintf(&core_rbuf, BANNER "\nBUG: KASAN: %s in %s\n", f->kasan, fn);
		print_alloc_failure_kasan(f, a, b);
		core_bprintf(&core_rbuf, " by task %s\n\nCall Trace:\n", task);
		core_print_stack(pcs, n, entry != 0);
		core_bprintf(&core_rbuf, "(set allocator_may_return_null=1 to get NULL instead)\n" BANNER "\n");
	}
	core_report_end(1);
}

void kasan_report_fault(const struct kasan_fault *f)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	const char *type = f->stack_overflow ? "stack-overflow" :
			   f->addr_known && f->addr < KASAN_NULL_LIMIT ? "null-ptr-deref" :
			   "wild-memory-access";

	if (!core_report_begin(f->pc, type, 0))
		return;
	core_memset(c, 0, sizeof(*c));
	c->fault = f;
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = f->stack_overflow ? "stack-overflow" : "SEGV on unknown address";
	c->r.addr = f->addr_known ? f->addr : 0;
	c->r.access = f->write ? KSAN_WRITE : KSAN_READ;
	c->r.pc = f->pc;
	c->fp = f->fp;
	c->granule = f->addr_known == 2;
	/* the faulting pc is not a return address: it is printed as it is
	 * (unless the fault was in a frameless check: then its caller's
	 * return address stands first, as for every other report).  The walk
	 * is bounded (a stack overflow has a very deep stack). */
	c->has_entry = f->pc_is_ret ? 0 : CORE_STACK_FAULT;
	c->pcs[0] = f->pc;
	c->npcs = 1 + (f->fp ? ksan_port_stack_trace(c->pcs + 1, DEPOT_MAX_FRAMES - 1, 0, f->fp) : 0);
	emit(c);
	/* a fault cannot be resumed: the access would fault again */
	if (core_opt.abort_on_error)
		ksan_port_abort();
	ksan_port_exit((int)core_opt.exitcode);
}

void kasan_describe_address(uintptr_t addr)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;

	if (!core_report_begin(0, "describe", 0))
		return;
	core_memset(c, 0, sizeof(*c));
	c->r.addr = addr;
	if (has_shadow(addr))
		c->has_obj = kasan_find_object(addr, &c->obj);
	if (c->has_obj)
		print_object_kasan(c);
	else
		core_bprintf(&core_rbuf, "Address 0x%lx is not in a known heap object\n\n",
			     (unsigned long)addr);
	if (has_shadow(addr))
		print_shadow_kasan(addr);
	core_report_end(0);
}

void kasan_print_stack(uintptr_t pc, uintptr_t fp)
{
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t n;

	if (!core_report_begin(0, "stack", 0))
		return;
	n = ksan_port_stack_trace(pcs, DEPOT_MAX_FRAMES, pc, fp);
	core_bprintf(&core_rbuf, "Call Trace:\n");
	if (core_opt.report_format == FORMAT_ASAN)
		core_print_stack_asan(pcs, n, 0);
	else
		core_print_stack(pcs, n, 0);
	core_report_end(0);
}

/* The heap objects behind an overlap report's two ranges, in both text
 * layouts (the second only when it is another object). */
static void print_overlap_objects(struct report_ctx *c, uintptr_t dst, uintptr_t src,
				  int asan)
{
	uintptr_t a[2] = { dst, src };
	uintptr_t seen_obj = 0;
	char tw[48];
	int i;

	for (i = 0; i < 2; i++) {
		size_t dist;
		const char *rel;

		if (!has_shadow(a[i]) || !kasan_find_object(a[i], &c->obj) ||
		    (i && c->obj.start == seen_obj))
			continue;
		seen_obj = c->obj.start;
		c->has_obj = 1;
		c->r.addr = a[i];
		if (!asan) {
			print_object_kasan(c);
			continue;
		}
		rel = relation(a[i], &c->obj, &dist);
		core_bprintf(&core_rbuf, "0x%lx is located %lu bytes %s %lu-byte region [0x%lx,0x%lx)\n",
			     (unsigned long)a[i], (unsigned long)dist, rel,
			     (unsigned long)c->obj.size, (unsigned long)c->obj.start,
			     (unsigned long)(c->obj.start + c->obj.size));
		if (c->obj.freed) {
			core_bprintf(&core_rbuf, "freed by thread %s here:\n",
				     core_thread_word(c->obj.free_tid, tw, sizeof(tw)));
			print_depot(c->obj.free_stack, 1);
			core_bprintf(&core_rbuf, "\npreviously allocated by thread %s here:\n",
				     core_thread_word(c->obj.alloc_tid, tw, sizeof(tw)));
		} else {
			core_bprintf(&core_rbuf, "allocated by thread %s here:\n",
				     core_thread_word(c->obj.alloc_tid, tw, sizeof(tw)));
		}
		print_depot(c->obj.alloc_stack, 1);
		core_bprintf(&core_rbuf, "\n");
	}
}

/*
 * A checked copy (memcpy, strcpy, ...) whose source and destination ranges
 * overlap: "<fn>-param-overlap", ASan's word in every layout.  The callback
 * sees it as a write of dsize bytes at dst.
 */
void kasan_report_overlap(const char *fn, uintptr_t dst, size_t dsize, uintptr_t src,
			  size_t ssize, uintptr_t pc, uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	static char type[48];		/* likewise */
	struct report_ctx *c = &ctx;
	char t[48], fname[256], task[64];
	int halt = kasan_halt();

	core_snprintf(t, sizeof(t), "%s-param-overlap", fn);
	if (!core_report_begin(pc, t, !halt))
		return;
	core_memcpy(type, t, sizeof(type));
	core_memset(c, 0, sizeof(*c));
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = type;
	c->r.addr = dst;
	c->r.size = dsize;
	c->r.access = KSAN_WRITE;
	c->r.pc = pc;
	c->fp = fp;
	c->has_entry = entry != 0;
	c->npcs = capture(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	if (has_shadow(dst) && kasan_find_object(dst, &c->obj)) {
		static char cache[32];	/* guarded by the report lock */

		c->r.object = c->obj.start;
		c->r.object_size = c->obj.size;
		c->r.object_freed = c->obj.freed;
		c->r.cache = cache_name(&c->obj, cache, sizeof(cache));
	}
	if (core_report_callback(&c->r)) {
		core_report_cancel();
		return;
	}
	switch (core_opt.report_format) {
	case FORMAT_ASAN:
		core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: %s: "
			     "memory ranges [0x%lx,0x%lx) and [0x%lx, 0x%lx) overlap\n",
			     ksan_port_pid(), type, (unsigned long)dst,
			     (unsigned long)(dst + dsize), (unsigned long)src,
			     (unsigned long)(src + ssize));
		core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
		core_bprintf(&core_rbuf, "\n");
		print_overlap_objects(c, dst, src, 1);
		print_summary_asan(c, type);
		if (halt)
			core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
		break;
	case FORMAT_JSON:
		core_task_name(task, sizeof(task));
		core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"%s\",\"asan_type\":\"%s\","
			     "\"access\":\"write\",\"address\":\"0x%lx\",\"size\":%lu,"
			     "\"pc\":\"0x%lx\",\"task\":", type, type, (unsigned long)dst,
			     (unsigned long)dsize, (unsigned long)pc);
		core_json_str(task);
		core_bprintf(&core_rbuf, ",\"stack\":");
		core_json_frames(c->pcs, c->npcs, c->has_entry);
		core_bprintf(&core_rbuf, ",\"ranges\":[{\"address\":\"0x%lx\",\"size\":%lu},"
			     "{\"address\":\"0x%lx\",\"size\":%lu}]}\n",
			     (unsigned long)dst, (unsigned long)dsize, (unsigned long)src,
			     (unsigned long)ssize);
		break;
	default:
		core_task_name(task, sizeof(task));
		core_format_function(fname, sizeof(fname), pc, 1);
		core_bprintf(&core_rbuf, BANNER "\nBUG: KASAN: %s in %s\n"
			     "%s of overlapping ranges [0x%lx, 0x%lx) and [0x%lx, 0x%lx) by task %s\n"
			     "\nCall Trace:\n", type, fname, fn, (unsigned long)dst,
			     (unsigned long)(dst + dsize), (unsigned long)src,
			     (unsigned long)(src + ssize), task);
		core_print_stack(c->pcs, c->npcs, c->has_entry);
		core_bprintf(&core_rbuf, "\n");
		print_overlap_objects(c, dst, src, 0);
		core_bprintf(&core_rbuf, BANNER "\n");
	}
	core_report_end(halt);
}
