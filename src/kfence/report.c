/*
 * This file contains KFENCE's reports in the kernel's layout
 * (mm/kfence/report.c: "BUG: KFENCE: out-of-bounds read in fn", the access
 * line naming kfence-#N, the object line with its allocation and free
 * stacks) and in the asan and json layouts, through the core's framing.
 */
#include "kfence.h"

#define BANNER "=================================================================="
#define ASAN_BANNER "================================================================="

struct kctx {
	enum kfence_error type;
	uintptr_t addr, entry, pc;
	size_t size;		/* the faulting access's bytes; 0 unknown */
	int write;
	const struct kfence_meta *m;
	const uint8_t *bytes;
	size_t nbytes;
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t npcs;
};

static const char *kernel_word(const struct kctx *c)
{
	static const char *const w[] = { "out-of-bounds", "use-after-free",
		"memory corruption", "invalid", "invalid free" };
	return w[c->type];
}

static const char *asan_word(const struct kctx *c)
{
	switch (c->type) {
	case KFENCE_ERROR_OOB: return "heap-buffer-overflow";
	case KFENCE_ERROR_UAF: return "heap-use-after-free";
	case KFENCE_ERROR_CORRUPTION: return "heap-buffer-overflow";
	case KFENCE_ERROR_INVALID: return "unknown-crash";
	default:
		return c->m && c->m->state == KFENCE_FREED && c->m->addr == c->addr ?
			"attempting double-free" :
			"attempting free on address which was not malloc()-ed";
	}
}

const char *kfence_cache_name(const struct kfence_meta *m, char *buf, size_t len)
{
	extern const char *kfence_pool_cache CORE_HIDDEN;
	size_t c = 8;

	if (kfence_pool_cache)
		return kfence_pool_cache;
	while (c < m->size)
		c <<= 1;
	if (m->size > 64 && m->size <= 96)
		c = 96;
	else if (m->size > 128 && m->size <= 192)
		c = 192;
	core_snprintf(buf, len, "kmalloc-%lu", (unsigned long)c);
	return buf;
}

/* "1B right of", "3B left of" or "in" the object. */
static const char *where(const struct kctx *c, size_t *dist)
{
	const struct kfence_meta *m = c->m;

	*dist = 0;
	if (c->addr < m->addr) {
		*dist = m->addr - c->addr;
		return "left";
	}
	if (c->addr >= m->addr + m->size) {
		*dist = c->addr - (m->addr + m->size) + 1;
		return "right";
	}
	return "in";
}

/* The access's word as the callback sees it: a free, or a read or write. */
static int access_of(const struct kctx *c)
{
	return c->entry ? KSAN_FREE : c->write ? KSAN_WRITE : KSAN_READ;
}

static void print_signature(const struct kctx *c, int json)
{
	core_report_signature(json, kernel_word(c), access_of(c), c->pcs, c->npcs,
			      c->entry ? 1 : CORE_STACK_FAULT);
}

static void print_kernel(struct kctx *c)
{
	const struct kfence_meta *m = c->m;
	const char *rw = c->write ? "write" : "read";
	char fn[256], cache[32];
	size_t dist;

	core_format_function(fn, sizeof(fn), c->pc, c->entry != 0);
	core_bprintf(&core_rbuf, BANNER "\nBUG: KFENCE: %s", kernel_word(c));
	if (c->type <= KFENCE_ERROR_UAF || c->type == KFENCE_ERROR_INVALID)
		core_bprintf(&core_rbuf, " %s", rw);
	core_bprintf(&core_rbuf, " in %s\n\n", fn);
	switch (c->type) {
	case KFENCE_ERROR_OOB: {
		const char *side = where(c, &dist);

		core_bprintf(&core_rbuf, "Out-of-bounds %s at 0x%lx (%luB %s of kfence-#%u):\n",
			     rw, (unsigned long)c->addr, (unsigned long)dist, side,
			     (unsigned)m->index);
		break;
	}
	case KFENCE_ERROR_UAF:
		core_bprintf(&core_rbuf, "Use-after-free %s at 0x%lx (in kfence-#%u):\n",
			     rw, (unsigned long)c->addr, (unsigned)m->index);
		break;
	case KFENCE_ERROR_CORRUPTION: {
		size_t i, n = c->nbytes;

		if (c->addr < m->addr && c->addr + n > m->addr)
			n = m->addr - c->addr;	/* the left canary only */
		core_bprintf(&core_rbuf, "Corrupted memory at 0x%lx [", (unsigned long)c->addr);
		for (i = 0; i < n; i++) {
			if (c->bytes[i] == kfence_canary(c->addr + i))
				core_bprintf(&core_rbuf, " .");
			else if (ksan_port_secure())	/* the kernel's "!" without
							 * no_hash_pointers: which
							 * bytes, not what */
				core_bprintf(&core_rbuf, " !");
			else
				core_bprintf(&core_rbuf, " 0x%02x", c->bytes[i]);
		}
		core_bprintf(&core_rbuf, " ] (in kfence-#%u):\n", (unsigned)m->index);
		break;
	}
	case KFENCE_ERROR_INVALID:
		core_bprintf(&core_rbuf, "Invalid %s at 0x%lx:\n", rw, (unsigned long)c->addr);
		break;
	case KFENCE_ERROR_INVALID_FREE:
		if (m)
			core_bprintf(&core_rbuf, "Invalid free of 0x%lx (in kfence-#%u):\n",
				     (unsigned long)c->addr, (unsigned)m->index);
		else
			core_bprintf(&core_rbuf, "Invalid free of 0x%lx:\n", (unsigned long)c->addr);
		break;
	}
	core_print_stack(c->pcs, c->npcs, c->entry ? 1 : CORE_STACK_FAULT);
	if (m && m->state != KFENCE_UNUSED) {
		core_bprintf(&core_rbuf,
			     "\nkfence-#%u [0x%lx-0x%lx, size=%lu, cache=%s] allocated by task %u:\n",
			     (unsigned)m->index, (unsigned long)m->addr,
			     (unsigned long)(m->addr + m->size - 1), (unsigned long)m->size,
			     kfence_cache_name(m, cache, sizeof(cache)), (unsigned)m->alloc_tid);
		core_print_depot(m->alloc_stack, 0);
		if (m->state == KFENCE_FREED) {
			core_bprintf(&core_rbuf, "\nfreed by task %u:\n", (unsigned)m->free_tid);
			core_print_depot(m->free_stack, 0);
		}
	}
	/* a fault's report ends, as the kernel's, with the faulting context's
	 * "Call Trace:" (the kernel's show_regs); syzkaller finds a fault
	 * report's stack there and marks one without it corrupted */
	if (!c->entry)
		core_print_call_trace(c->pcs, c->npcs, CORE_STACK_FAULT);
	else
		core_bprintf(&core_rbuf, "\n");
	print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}

/* Changed canary bytes from the first one: those up to the last that differs. */
static size_t corrupted_len(const struct kctx *c)
{
	size_t i, n = 0, max = c->nbytes;

	if (c->m && c->addr < c->m->addr && c->addr + max > c->m->addr)
		max = c->m->addr - c->addr;	/* the left canary only */
	for (i = 0; i < max; i++)
		if (c->bytes[i] != kfence_canary(c->addr + i))
			n = i + 1;
	return n ? n : 1;
}

/*
 * A corruption found at free, in ASan's words: a heap-buffer-overflow
 * WRITE (a changed canary was written) whose size is the changed bytes, so
 * ClusterFuzz types it as ASan's report of the same overflow
 * ("Heap-buffer-overflow\nWRITE 1"); the next line says what KFENCE saw
 * and that the stack is the free's, the writer being unknown.
 */
static void print_asan_corruption(const struct kctx *c, const char *tw)
{
	size_t i, n = corrupted_len(c);

	core_bprintf(&core_rbuf, "WRITE of size %lu at 0x%lx thread %s\n"
		     "Corrupted memory at 0x%lx [", (unsigned long)n, (unsigned long)c->addr, tw,
		     (unsigned long)c->addr);
	for (i = 0; i < n; i++) {
		if (c->bytes[i] == kfence_canary(c->addr + i))
			core_bprintf(&core_rbuf, " .");
		else
			core_bprintf(&core_rbuf, " 0x%02x", c->bytes[i]);
	}
	core_bprintf(&core_rbuf, " ] found at free of 0x%lx by thread %s (the write's own stack is not known):\n",
		     (unsigned long)(c->m ? c->m->addr : c->addr), tw);
}

/* The access line: ASan's, with the size ClusterFuzz puts in the crash
 * type ("Heap-buffer-overflow\nREAD 1"), the decoded instruction's. */
static void print_asan_access(const struct kctx *c, const char *tw)
{
	if (c->type == KFENCE_ERROR_CORRUPTION)
		print_asan_corruption(c, tw);
	else if (c->size)
		core_bprintf(&core_rbuf, "%s of size %lu at 0x%lx thread %s\n",
			     c->write ? "WRITE" : "READ", (unsigned long)c->size,
			     (unsigned long)c->addr, tw);
	else	/* the port did not decode the access (aarch64, baremetal) */
		core_bprintf(&core_rbuf, "%s at 0x%lx thread %s\n", c->write ? "WRITE" : "READ",
			     (unsigned long)c->addr, tw);
}

static void print_asan(struct kctx *c)
{
	const struct kfence_meta *m = c->m;
	char cache[32], tw[48];

	/* threads as KASAN's asan layout names them: T0, "T1 (worker)" */
	core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
	if (c->type == KFENCE_ERROR_INVALID_FREE) {
		/* ASan's own words for a bad free ("attempting double-free on
		 * 0x...", "...not malloc()-ed: 0x..."), which ClusterFuzz types
		 * Heap-double-free and Invalid-free */
		int dbl = c->m && c->m->state == KFENCE_FREED && c->m->addr == c->addr;

		core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: %s%s0x%lx in "
			     "thread %s: (KFENCE)\n", ksan_port_pid(), asan_word(c),
			     dbl ? " on " : ": ", (unsigned long)c->addr, tw);
		core_bprintf(&core_rbuf, "Free of 0x%lx by thread %s:\n", (unsigned long)c->addr, tw);
	} else {
		core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: %s on address "
			     "0x%lx at pc 0x%lx (KFENCE)\n", ksan_port_pid(), asan_word(c),
			     (unsigned long)c->addr, (unsigned long)c->pc);
		print_asan_access(c, tw);
	}
	core_print_stack_asan(c->pcs, c->npcs, c->entry ? 1 : CORE_STACK_FAULT);
	if (m && m->state != KFENCE_UNUSED) {
		size_t dist;
		const char *side = where(c, &dist);

		if (side[0] == 'i')
			core_bprintf(&core_rbuf, "\n0x%lx is located %lu bytes inside of %lu-byte region",
				     (unsigned long)c->addr, (unsigned long)(c->addr - m->addr),
				     (unsigned long)m->size);
		else
			core_bprintf(&core_rbuf, "\n0x%lx is located %lu bytes %s %lu-byte region",
				     (unsigned long)c->addr,
				     (unsigned long)(side[0] == 'r' ? dist - 1 : dist),
				     side[0] == 'r' ? "after" : "before", (unsigned long)m->size);
		core_bprintf(&core_rbuf, " [0x%lx,0x%lx) (kfence-#%u, cache=%s)\n",
			     (unsigned long)m->addr, (unsigned long)(m->addr + m->size),
			     (unsigned)m->index, kfence_cache_name(m, cache, sizeof(cache)));
		if (m->state == KFENCE_FREED) {
			core_bprintf(&core_rbuf, "freed by thread %s here:\n",
				     core_thread_word(m->free_tid, tw, sizeof(tw)));
			core_print_depot(m->free_stack, 1);
			core_bprintf(&core_rbuf, "\n");
		}
		core_bprintf(&core_rbuf, "%sallocated by thread %s here:\n",
			     m->state == KFENCE_FREED ? "previously " : "",
			     core_thread_word(m->alloc_tid, tw, sizeof(tw)));
		core_print_depot(m->alloc_stack, 1);
	}
	core_bprintf(&core_rbuf, "\nSUMMARY: AddressSanitizer: %s (KFENCE)\n", asan_word(c));
	print_signature(c, 0);
	core_bprintf(&core_rbuf, ASAN_BANNER "\n");
}

static void print_json(struct kctx *c)
{
	const struct kfence_meta *m = c->m;
	char task[64], cache[32];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KFENCE\",\"type\":");
	core_json_str(kernel_word(c));
	core_bprintf(&core_rbuf, ",\"asan_type\":");
	core_json_str(asan_word(c));
	/* the decoded instruction's access size; 0 when unknown, as for frees */
	core_bprintf(&core_rbuf, ",\"access\":\"%s\",\"address\":\"0x%lx\",\"size\":%lu,"
		     "\"pc\":\"0x%lx\",\"task\":",
		     c->type >= KFENCE_ERROR_INVALID_FREE || c->type == KFENCE_ERROR_CORRUPTION ?
		     "free" : c->write ? "write" : "read", (unsigned long)c->addr,
		     (unsigned long)c->size, (unsigned long)c->pc);
	core_json_str(task);
	core_json_key_frames("stack", c->pcs, c->npcs, c->entry ? 1 : CORE_STACK_FAULT);
	if (m && m->state != KFENCE_UNUSED) {
		size_t dist;
		const char *side = where(c, &dist);

		/* distance as in KASAN's json: bytes between the object's edge
		 * and the address (0 = the first byte after it) */
		if (side[0] == 'r')
			dist--;
		else if (side[0] == 'i')
			dist = c->addr - m->addr;
		core_bprintf(&core_rbuf, ",\"object\":{\"index\":%u,\"start\":\"0x%lx\",\"size\":%lu,"
			     "\"cache\":\"%s\",\"cache_size\":4096,\"state\":\"%s\",\"relation\":\"%s\","
			     "\"distance\":%lu,\"alloc_task\":%u",
			     (unsigned)m->index, (unsigned long)m->addr, (unsigned long)m->size,
			     kfence_cache_name(m, cache, sizeof(cache)),
			     m->state == KFENCE_FREED ? "freed" : "allocated",
			     side[0] == 'i' ? "inside" : side, (unsigned long)dist,
			     (unsigned)m->alloc_tid);
		if (m->state == KFENCE_FREED)
			core_bprintf(&core_rbuf, ",\"free_task\":%u", (unsigned)m->free_tid);
		core_bprintf(&core_rbuf, "}");
		core_json_key_depot("alloc_stack", m->alloc_stack, 1);
		if (m->state == KFENCE_FREED)
			core_json_key_depot("free_stack", m->free_stack, 1);
	}
	print_signature(c, 1);
	core_bprintf(&core_rbuf, "}\n");
}

static void print_kernel_layout(void *c)
{
	print_kernel(c);
}

static void print_asan_layout(void *c)
{
	print_asan(c);
}

static void print_json_layout(void *c)
{
	print_json(c);
}

static const struct core_report_ops kfence_layouts = {
	.print = { print_kernel_layout, print_asan_layout, print_json_layout },
};

void kfence_report(enum kfence_error type, uintptr_t addr, int write, size_t size,
		   const struct kfence_meta *m, uintptr_t entry, uintptr_t pc,
		   uintptr_t fp, const uint8_t *bytes, size_t nbytes)
{
	static struct kctx ctx;	/* guarded by the report lock */
	struct kctx *c = &ctx;
	struct ksan_report r;
	char cache[32];
	int halt = core_halt_on_error(0);	/* KFENCE's default: go on */

	if (!core_report_begin(pc, kernel_word(&(struct kctx){ .type = type }), 1))
		return;
	core_memset(c, 0, sizeof(*c));
	c->type = type;
	c->addr = addr;
	c->write = write;
	c->size = size;
	c->m = m;
	c->entry = entry;
	c->pc = pc;
	c->bytes = bytes;
	c->nbytes = nbytes;
	if (entry) {
		c->pcs[0] = entry;
		c->npcs = 1 + ksan_port_stack_trace(c->pcs + 1, DEPOT_MAX_FRAMES - 1, pc, fp);
	} else {
		/* the faulting pc is not a return address: first, as it is */
		c->pcs[0] = pc;
		c->npcs = 1 + (fp ? ksan_port_stack_trace(c->pcs + 1, DEPOT_MAX_FRAMES - 1, 0, fp) : 0);
	}
	core_memset(&r, 0, sizeof(r));
	r.detector = "KFENCE";
	r.bug_type = kernel_word(c);
	r.asan_type = asan_word(c);
	r.addr = addr;
	r.size = size;
	r.access = access_of(c);
	r.pc = pc;
	if (m && m->state != KFENCE_UNUSED) {
		r.object = m->addr;
		r.object_size = m->size;
		r.cache = kfence_cache_name(m, cache, sizeof(cache));
		r.object_freed = m->state == KFENCE_FREED;
	}
	core_report_emit(&r, &kfence_layouts, c, halt);
}
