/*
 * This file contains KMSAN's reports: uses of uninitialised values (the
 * compiler's __msan_warning), uninitialised bytes leaving the program
 * (infoleaks: write(2), send(2), ksan_check_memory) and faults, in the
 * kernel's layout (53 '=' banner, the use's stack, then one section per
 * origin chain link), in MemorySanitizer's words (report_format=asan) and
 * as one JSON object.  One report per distinct (pc, origin) when the
 * program goes on (halt_on_error=0); KMSAN halts by default, like KASAN.
 */
#include "kmsan.h"

#define BANNER "====================================================="
#define CHAIN_MAX (KMSAN_MAX_ORIGIN_DEPTH + 2)

struct leak {			/* which bytes of a checked range */
	uintptr_t addr;
	size_t size, first, last;	/* [first, last] are uninitialised */
	const char *what;
	enum kmsan_boundary kind;
	uintptr_t site;		/* a pc in the function that checked the range */
};

int kmsan_halt(void)
{
	return core_opt.halt_on_error < 0 ? 1 : (int)core_opt.halt_on_error;
}

/* The origin chain, newest link first; the last entry is where the value
 * was created (or UNKNOWN). */
static unsigned walk_origin(uint32_t id, struct kmsan_origin_info *o)
{
	unsigned n = 0;

	do {
		kmsan_origin_describe(id, &o[n]);
		id = o[n].kind == KMSAN_ORIGIN_CHAIN ? o[n].prev : 0;
		n++;
	} while (id && n < CHAIN_MAX);
	return n;
}

static size_t stack_of(depot_handle_t h, const uintptr_t **pcs)
{
	return h ? core_depot_fetch(h, pcs) : 0;
}

/*
 * Clang's inliner renames the locals it moves into the caller: "r" of an
 * inlined function becomes "r.i", inlined twice "r.i.i", and a name
 * already taken gets digits ("buf.i14", "r.i.i17").  A C identifier has no
 * '.', so a trailing ".i" with optional digits is certainly the
 * compiler's: strip it, as often as it is there.  Other dotted names are
 * left as they are: "k.addr" (the stack slot of parameter k, as
 * MemorySanitizer prints it) and temporaries such as "agg.tmp" are not
 * the program's names with something added.
 */
static void strip_inlined(char *var)
{
	size_t n = core_strlen(var);

	for (;;) {
		size_t e = n;

		while (e && var[e - 1] >= '0' && var[e - 1] <= '9')
			e--;
		if (e < 3 || var[e - 1] != 'i' || var[e - 2] != '.')
			break;
		n = e - 2;
		var[n] = 0;
	}
}

/* "buf" and "fn" from "----buf@fn" (the variable's name as written) */
static void split_descr(const char *d, char *var, size_t vlen, const char **fn)
{
	size_t i = 0;

	d = d ? d + 4 : "";
	while (d[i] && d[i] != '@' && i + 1 < vlen) {
		var[i] = d[i];
		i++;
	}
	var[i] = 0;
	strip_inlined(var);
	*fn = core_strchr(d, '@') ? core_strchr(d, '@') + 1 : "";
}

static void print_kernel(const char *type, const char *in, const uintptr_t *pcs,
			 size_t n, const struct kmsan_origin_info *o, unsigned no,
			 const struct leak *lk, const struct core_sig *sig, uint32_t origin)
{
	const uintptr_t *sp;
	size_t sn;
	unsigned i;
	char task[64];

	core_bprintf(&core_rbuf, "%s\nBUG: KMSAN: %s in %s\n", BANNER, type, in);
	core_print_stack(pcs, n, 0);
	core_bprintf(&core_rbuf, "\n");
	for (i = 0; i < no; i++) {
		const struct kmsan_origin_info *oi = &o[i];

		switch (oi->kind) {
		case KMSAN_ORIGIN_CHAIN:
			/* the link at the depth limit may have lost older
			 * ones: the kernel says so just before it */
			if (oi->depth + 1 == KMSAN_MAX_ORIGIN_DEPTH)
				core_bprintf(&core_rbuf,
					     "<Zero or more stacks not recorded to save memory>\n\n");
			core_bprintf(&core_rbuf, "Uninit was stored to memory at:\n");
			sn = stack_of(oi->stack, &sp);
			core_print_stack(sp, sn, oi->entry);
			break;
		case KMSAN_ORIGIN_ALLOCA: {
			char var[128];
			const char *fn;

			split_descr(oi->descr, var, sizeof(var), &fn);
			core_bprintf(&core_rbuf, "Local variable %s created at:\n", var);
			core_print_stack(&oi->pc, 1, 0);
			break;
		}
		case KMSAN_ORIGIN_ALLOC:
		case KMSAN_ORIGIN_FREE:
			core_bprintf(&core_rbuf, "Uninit was created at:\n");
			sn = stack_of(oi->stack, &sp);
			core_print_stack(sp, sn, 1);
			break;
		default:
			core_bprintf(&core_rbuf, "Uninit was created at:\n (stack is not available)\n");
		}
		core_bprintf(&core_rbuf, "\n");
	}
	if (lk) {
		if (lk->first == lk->last)
			core_bprintf(&core_rbuf, "Byte %lu of %lu is uninitialized\n",
				     (unsigned long)lk->first, (unsigned long)lk->size);
		else
			core_bprintf(&core_rbuf, "Bytes %lu-%lu of %lu are uninitialized\n",
				     (unsigned long)lk->first, (unsigned long)lk->last,
				     (unsigned long)lk->size);
		/* where the bytes went: the kernel's "Data copied to user
		 * address" line, here the call's name (write, the name a
		 * ksan_check_memory caller gave) */
		core_bprintf(&core_rbuf, "Memory access of size %lu starts at 0x%lx\n"
			     "Data passed to %s\n\n", (unsigned long)lk->size,
			     (unsigned long)lk->addr, lk->what);
	}
	kmsan_print_call_hint(origin, o, no);	/* calls.c: who was given it */
	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "Reported by task %s\n", task);
	core_print_signature(sig);
	core_bprintf(&core_rbuf, "%s\n", BANNER);
}

static void print_asan(const uintptr_t *pcs, size_t n, const struct kmsan_origin_info *o,
		       unsigned no, const struct leak *lk)
{
	struct ksan_symbol syms[CORE_INLINE_MAX];
	const uintptr_t *sp;
	size_t sn;
	unsigned i;

	if (lk)
		core_bprintf(&core_rbuf, "Uninitialized bytes in %s at offset %lu inside [0x%lx, %lu)\n",
			     lk->what, (unsigned long)lk->first, (unsigned long)lk->addr,
			     (unsigned long)lk->size);
	core_bprintf(&core_rbuf, "==%d==WARNING: MemorySanitizer: use-of-uninitialized-value\n",
		     ksan_port_pid());
	core_print_stack_asan(pcs, n, 0);
	core_bprintf(&core_rbuf, "\n");
	for (i = 0; i < no; i++) {
		const struct kmsan_origin_info *oi = &o[i];

		switch (oi->kind) {
		case KMSAN_ORIGIN_CHAIN:
			core_bprintf(&core_rbuf, "  Uninitialized value was stored to memory at\n");
			sn = stack_of(oi->stack, &sp);
			core_print_stack_asan(sp, sn, oi->entry);
			break;
		case KMSAN_ORIGIN_ALLOCA: {
			char var[128];
			const char *fn;

			split_descr(oi->descr, var, sizeof(var), &fn);
			core_bprintf(&core_rbuf, "  Uninitialized value was created by an allocation of '%s' in the stack frame of function '%s'\n",
				     var, fn);
			core_print_stack_asan(&oi->pc, 1, 0);
			break;
		}
		case KMSAN_ORIGIN_ALLOC:
		case KMSAN_ORIGIN_FREE:
			core_bprintf(&core_rbuf, "  Uninitialized value was created by a heap %s\n",
				     oi->kind == KMSAN_ORIGIN_FREE ? "deallocation" : "allocation");
			sn = stack_of(oi->stack, &sp);
			core_print_stack_asan(sp, sn, 1);
			break;
		default:
			break;
		}
		core_bprintf(&core_rbuf, "\n");
	}
	/* frame #0, as MemorySanitizer names it: in inlined code, the
	 * inlined function (innermost first) with its own file:line */
	core_memset(syms, 0, sizeof(syms));
	if (n)
		ksan_port_symbolize_frames(pcs[0], 1, syms, CORE_INLINE_MAX);
	core_bprintf(&core_rbuf, "SUMMARY: MemorySanitizer: use-of-uninitialized-value");
	if (syms[0].file)
		core_bprintf(&core_rbuf, " %s:%u", core_file(syms[0].file), syms[0].line);
	core_bprintf(&core_rbuf, " in %s\n", syms[0].function ? syms[0].function : "??");
}

static void print_json(const char *type, const char *in, const uintptr_t *pcs, size_t n,
		       const struct kmsan_origin_info *o, unsigned no,
		       const struct leak *lk, uintptr_t pc, const struct core_sig *sig)
{
	static const char *const kinds[] = { "unknown", "heap", "freed", "stored", "stack" };
	const uintptr_t *sp;
	size_t sn;
	unsigned i;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KMSAN\",\"type\":\"%s\","
		     "\"asan_type\":\"use-of-uninitialized-value\",\"function\":", type);
	core_json_str(in);
	core_bprintf(&core_rbuf, ",\"pc\":\"0x%lx\",\"task\":", (unsigned long)pc);
	core_json_str(task);
	if (lk)
		core_bprintf(&core_rbuf, ",\"address\":\"0x%lx\",\"size\":%lu,"
			     "\"uninit_first\":%lu,\"uninit_last\":%lu",
			     (unsigned long)lk->addr, (unsigned long)lk->size,
			     (unsigned long)lk->first, (unsigned long)lk->last);
	core_bprintf(&core_rbuf, ",\"stack\":");
	core_json_frames(pcs, n, 0);
	core_bprintf(&core_rbuf, ",\"origins\":[");
	for (i = 0; i < no; i++) {
		core_bprintf(&core_rbuf, "%s{\"kind\":\"%s\"", i ? "," : "", kinds[o[i].kind]);
		if (o[i].kind == KMSAN_ORIGIN_ALLOCA) {
			char var[128];
			const char *fn;

			split_descr(o[i].descr, var, sizeof(var), &fn);
			core_bprintf(&core_rbuf, ",\"variable\":");
			core_json_str(var);
			core_bprintf(&core_rbuf, ",\"stack\":");
			core_json_frames(&o[i].pc, 1, 0);
		} else {
			sn = stack_of(o[i].stack, &sp);
			core_bprintf(&core_rbuf, ",\"stack\":");
			core_json_frames(sp, sn, o[i].kind == KMSAN_ORIGIN_ALLOC ||
					 o[i].kind == KMSAN_ORIGIN_FREE || o[i].entry);
		}
		core_bprintf(&core_rbuf, "}");
	}
	core_bprintf(&core_rbuf, "]");
	core_json_signature(sig);
	core_bprintf(&core_rbuf, "}\n");
}

/* What a use report's three layouts print from. */
struct use_report {
	const char *type, *in, *json_in;
	const uintptr_t *pcs;
	size_t n;
	const struct kmsan_origin_info *o;
	unsigned no;
	const struct leak *lk;
	uintptr_t pc;
	const struct core_sig *sig;
	uint32_t origin;	/* for the call hint (calls.c) */
};

static void print_use_kernel(void *arg)
{
	const struct use_report *u = arg;

	print_kernel(u->type, u->in, u->pcs, u->n, u->o, u->no, u->lk, u->sig, u->origin);
}

static void print_use_asan(void *arg)
{
	const struct use_report *u = arg;

	print_asan(u->pcs, u->n, u->o, u->no, u->lk);
	core_print_signature(u->sig);	/* after the SUMMARY line */
}

static void print_use_json(void *arg)
{
	const struct use_report *u = arg;

	print_json(u->type, u->json_in, u->pcs, u->n, u->o, u->no, u->lk, u->pc, u->sig);
}

static const struct core_report_ops use_layouts = {
	.print = { print_use_kernel, print_use_asan, print_use_json },
};

/* One report: pcs is the use's stack; lk the checked range (or NULL). */
static void report(uint32_t origin, uintptr_t pc, uintptr_t fp, const struct leak *lk)
{
	struct kmsan_origin_info o[CHAIN_MAX];
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	struct core_sig_stack st;
	struct core_sig sig;
	struct ksan_report r;
	char in[256], type[48];
	unsigned no;
	size_t n;
	int uaf;

	no = walk_origin(origin, o);
	uaf = o[0].uaf || o[no - 1].kind == KMSAN_ORIGIN_FREE;
	if (lk && lk->kind != KMSAN_USE)
		/* the kernel's word (copy_to_user's check): syzkaller types
		 * "kernel-infoleak" and knows no "infoleak" */
		core_snprintf(type, sizeof(type), "kernel-infoleak%s", uaf ? "-after-free" : "");
	else
		core_snprintf(type, sizeof(type), "%s", uaf ? "use-after-free" : "uninit-value");
	if (!core_report_begin_key(pc, type, origin, !kmsan_halt()))
		return;
	n = ksan_port_stack_trace(pcs, DEPOT_MAX_FRAMES, pc, fp);
	/* the title's function as the kernel prints it, fn+0x../0x..: for an
	 * infoleak the function that checked the range (write, send,
	 * ksan_check_memory), as the kernel names _copy_to_user; syzkaller's
	 * KMSAN format needs the +0x to read the line */
	if (lk && lk->kind == KMSAN_USE && lk->what)
		/* a use inside a call that read the bytes: the call (memcmp,
		 * __msan_check_mem_is_initialized), as MSan names bcmp */
		core_snprintf(in, sizeof(in), "%s", lk->what);
	else
		core_format_function(in, sizeof(in), lk ? lk->site : pc, 1);
	core_memset(&r, 0, sizeof(r));
	r.detector = "KMSAN";
	r.bug_type = type;
	r.asan_type = "use-of-uninitialized-value";
	r.addr = lk ? lk->addr + lk->first : 0;
	r.size = lk ? lk->last - lk->first + 1 : 0;
	r.access = KSAN_READ;
	r.pc = pc;
	r.object_freed = uaf;
	r.kind = lk && lk->kind != KMSAN_USE ? KSAN_BUG_INFOLEAK : KSAN_BUG_UNINIT;
	r.origin = origin;
	st.pcs = pcs;
	st.n = n;
	st.first_is_entry = 0;
	core_signature(&sig, type, CORE_SIG_NO_ACCESS, &st, 1);
	core_report_emit(&r, &use_layouts, &(struct use_report){
		.type = type, .in = in, .json_in = lk ? lk->what : in, .pcs = pcs, .n = n,
		.o = o, .no = no, .lk = lk, .pc = pc, .sig = &sig, .origin = origin }, kmsan_halt());
}

void kmsan_report_use(uint32_t origin, uintptr_t pc, uintptr_t fp)
{
	report(origin, pc, fp, 0);
}

/* Each run of uninitialised bytes sharing one origin is a report.  Never
 * inlined: its return address is the checking function's pc, the title's. */
__attribute__((noinline))
void kmsan_check_memory(const void *p, size_t n, enum kmsan_boundary kind,
			const char *what, uintptr_t pc, uintptr_t fp)
{
	uintptr_t site = (uintptr_t)__builtin_return_address(0);
	uintptr_t a = (uintptr_t)p;
	size_t i;

	kmsan_settle_if_trusted(p, n);	/* kmsan_trust_uninstrumented */
	i = kmsan_first_uninit(p, n);

	while (i < n) {
		uint32_t origin = *kmsan_origin_of(a + i);
		const uint8_t *s = kmsan_shadow_of(a);
		struct leak lk = { a, n, i, i, what, kind, site };

		while (lk.last + 1 < n && s[lk.last + 1] &&
		       *kmsan_origin_of(a + lk.last + 1) == origin)
			lk.last++;
		report(origin, pc, fp, &lk);
		for (i = lk.last + 1; i < n && !s[i]; i++)
			;
	}
}

/* What a fault report's three layouts print from. */
struct fault_report {
	const struct kmsan_fault *f;
	const struct ksan_report *r;
	const char *type, *in, *task;
	const uintptr_t *pcs;
	size_t n;
	int access;		/* the signature's access word */
};

static void print_fault_asan(void *arg)
{
	const struct fault_report *x = arg;
	const struct kmsan_fault *f = x->f;

	core_bprintf(&core_rbuf, "==%d==ERROR: MemorySanitizer: %s on unknown address 0x%lx (pc 0x%lx)\n"
		     "==%d==The signal is caused by a %s memory access.\n",
		     ksan_port_pid(), x->r->asan_type, (unsigned long)f->addr,
		     (unsigned long)f->pc, ksan_port_pid(), f->write ? "WRITE" : "READ");
	if (f->addr_known && !f->stack_overflow && f->addr < CORE_NULL_LIMIT)
		core_bprintf(&core_rbuf, "==%d==Hint: address points to the zero page.\n",
			     ksan_port_pid());
	core_print_stack_asan(x->pcs, x->n, CORE_STACK_FAULT);
	core_bprintf(&core_rbuf, "\nSUMMARY: MemorySanitizer: %s in %s\n", x->r->asan_type, x->in);
	core_report_signature(0, x->type, x->access, x->pcs, x->n, CORE_STACK_FAULT);
}

static void print_fault_json(void *arg)
{
	const struct fault_report *x = arg;
	const struct kmsan_fault *f = x->f;

	core_bprintf(&core_rbuf, "{\"detector\":\"KMSAN\",\"type\":\"%s\",\"asan_type\":\"%s\","
		     "\"access\":\"%s\",\"address\":\"0x%lx\",\"pc\":\"0x%lx\",\"task\":",
		     x->type, x->r->asan_type, f->write ? "write" : "read",
		     (unsigned long)f->addr, (unsigned long)f->pc);
	core_json_str(x->task);
	core_bprintf(&core_rbuf, ",\"stack\":");
	core_json_frames(x->pcs, x->n, CORE_STACK_FAULT);
	core_report_signature(1, x->type, x->access, x->pcs, x->n, CORE_STACK_FAULT);
	core_bprintf(&core_rbuf, "}\n");
}

static void print_fault_kernel(void *arg)
{
	const struct fault_report *x = arg;
	const struct kmsan_fault *f = x->f;

	core_bprintf(&core_rbuf, "%s\nBUG: KMSAN: %s in %s\n", BANNER, x->type, x->in);
	core_print_access(x->r, x->task);	/* the kernel's line, as KASAN's */
	if (f->meta_of)
		core_bprintf(&core_rbuf, "(the KMSAN metadata of 0x%lx, where nothing is mapped)\n",
			     (unsigned long)f->meta_of);
	else if (f->meta)
		core_bprintf(&core_rbuf, "(found at its KMSAN metadata 0x%lx, where nothing is mapped)\n",
			     (unsigned long)f->meta);
	core_bprintf(&core_rbuf, "\n");
	core_print_stack(x->pcs, x->n, CORE_STACK_FAULT);
	core_report_signature(0, x->type, x->access, x->pcs, x->n, CORE_STACK_FAULT);
	core_bprintf(&core_rbuf, "%s\n", BANNER);
}

static const struct core_report_ops fault_layouts = {
	.print = { print_fault_kernel, print_fault_asan, print_fault_json },
};

/* A fault that is not the runtime's to fix: a wild or null pointer (the
 * signal handler saw no application memory behind it).  f->addr is the
 * address the program used, also when the instrumentation's access to
 * its metadata is what faulted (f->meta).  Always halts. */
void kmsan_report_fault(const struct kmsan_fault *f)
{
	const char *type = f->stack_overflow ? "stack-overflow" :
			   f->addr_known && f->addr < CORE_NULL_LIMIT ? "null-ptr-deref" :
			   "wild-memory-access";
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	struct ksan_report r;
	char in[256], task[64];
	size_t n;
	/* the signature's access word: none for a stack overflow (whichever
	 * instruction touched the guard first) */
	int access = f->stack_overflow ? CORE_SIG_NO_ACCESS : f->write ? KSAN_WRITE : KSAN_READ;

	if (!core_report_begin(f->pc, type, 0))
		return;
	pcs[0] = f->pc;
	n = 1 + ksan_port_stack_trace(pcs + 1, DEPOT_MAX_FRAMES - 1, 0, f->fp);
	core_memset(&r, 0, sizeof(r));
	r.detector = "KMSAN";
	r.bug_type = type;
	r.asan_type = f->stack_overflow ? "stack-overflow" : "SEGV";
	r.addr = f->addr;
	r.size = f->stack_overflow ? 0 : f->size;
	r.access = f->write ? KSAN_WRITE : KSAN_READ;
	r.pc = f->pc;
	core_task_name(task, sizeof(task));
	core_format_function(in, sizeof(in), f->pc, 0);
	core_report_emit(&r, &fault_layouts, &(struct fault_report){
		.f = f, .r = &r, .type = type, .in = in, .task = task, .pcs = pcs, .n = n,
		.access = access }, 1);
}
